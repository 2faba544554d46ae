// The explorer's frame: the key form, the hash router (#/competitions/…: the route never reaches the
// server) and how a refused request is shown. Each view (views/*.js) asks the API and returns what to show.
import { ApiProblem, get } from './api-client.js';
import { el, link, show } from './dom.js';
import { forgetKey, readKey, saveKey } from './key-store.js';
import { competitionsView, seasonsView } from './views/competitions.js';
import { matchView } from './views/match.js';
import { seasonView } from './views/season.js';
import { teamView } from './views/team.js';

/** Routes by their pattern; `:name` is a path parameter. */
const ROUTES = [
  ['/', competitionsView],
  ['/competitions/:competition', seasonsView],
  ['/competitions/:competition/seasons/:season', seasonView],
  ['/competitions/:competition/seasons/:season/:tab', seasonView],
  ['/matches/:match', matchView],
  ['/teams/:team', teamView],
];

const view = document.getElementById('view');
const crumbs = document.getElementById('crumbs');
const keyInput = document.getElementById('key-input');
const keyStatus = document.getElementById('key-status');
const forget = document.getElementById('key-forget');

// In memory too, for a browser whose storage is disabled.
let key = readKey();
let current = new AbortController();

function match(path) {
  const parts = path.split('/').filter(Boolean);
  for (const [pattern, render] of ROUTES) {
    const names = pattern.split('/').filter(Boolean);
    if (names.length !== parts.length) continue;
    const params = {};
    if (names.every((n, i) => (n.startsWith(':') ? ((params[n.slice(1)] = parts[i]), true) : n === parts[i])))
      return { render, params };
  }
  return null;
}

function routeOfHash() {
  const raw = location.hash.replace(/^#/, '') || '/';
  const [path, search = ''] = raw.split('?');
  let decoded;
  try {
    decoded = path.split('/').map(decodeURIComponent).join('/');
  } catch {
    decoded = '/';
  }
  return { path: decoded, query: new URLSearchParams(search) };
}

/** What a refused or failed request means for the person looking at the page. */
export function problemView(error) {
  if (!(error instanceof ApiProblem)) {
    return el(
      'div',
      { class: 'problem', role: 'alert' },
      el('h2', {}, 'Something went wrong'),
      String(error),
    );
  }
  const lines = [el('p', {}, error.message)];
  if (error.status === 401) {
    lines.push(
      el('p', {}, 'The key was refused: paste a valid key above (touchline keys create makes one).'),
    );
  } else if (error.status === 403) {
    lines.push(el('p', {}, 'The key is valid but may not do this (its plan or its kind).'));
  } else if (error.status === 429) {
    const wait = error.retryAfter ? `${error.retryAfter} s` : 'a moment';
    lines.push(el('p', {}, `Too many requests for this key: try again in ${wait} (Retry-After).`));
  } else if (error.status === 503 && error.retryAfter) {
    lines.push(el('p', {}, `The service is unavailable: try again in ${error.retryAfter} s.`));
  }
  const details = Object.entries(error.details ?? {});
  return el(
    'div',
    { class: 'problem', role: 'alert', 'data-status': error.status, 'data-code': error.code },
    el('h2', {}, error.status ? `${error.status} · ${error.code}` : 'No answer'),
    lines,
    details.length > 0 &&
      el(
        'dl',
        {},
        details.map(([name, value]) => [
          el('dt', {}, name),
          el('dd', {}, typeof value === 'object' ? JSON.stringify(value) : String(value)),
        ]),
      ),
  );
}

async function render() {
  current.abort();
  current = new AbortController();
  const { signal } = current;
  const { path, query } = routeOfHash();
  const found = match(path);
  forget.hidden = !key;
  if (!key) {
    show(crumbs);
    show(
      view,
      el('p', { class: 'hint' }, 'Paste an API key above to start. It stays in this browser tab only.'),
    );
    return;
  }
  if (!found) {
    show(crumbs, link('/', 'Competitions'));
    show(view, el('div', { class: 'problem', role: 'alert' }, el('h2', {}, 'No such page'), path));
    return;
  }
  view.setAttribute('aria-busy', 'true');
  show(view, el('p', { class: 'loading' }, 'Loading…'));
  const api = (apiPath, apiQuery) => get(key, apiPath, apiQuery, signal);
  try {
    const { trail, content } = await found.render({ api, params: found.params, query });
    if (signal.aborted) return;
    show(
      crumbs,
      [['Competitions', '/'], ...trail].map(([label, route], i, all) =>
        i === all.length - 1 ? el('span', { 'aria-current': 'page' }, label) : [link(route, label), ' › '],
      ),
    );
    show(view, content);
    document.title = `${trail.at(-1)?.[0] ?? 'Competitions'} · Touchline explorer`;
  } catch (error) {
    if (signal.aborted || error?.name === 'AbortError') return;
    // The trail of the view before would name a page that was not shown.
    show(crumbs, link('/', 'Competitions'));
    show(view, problemView(error));
  } finally {
    if (!signal.aborted) {
      view.removeAttribute('aria-busy');
      // Which route the view shows, once it is shown (a script driving the page waits for it).
      view.dataset.shown = location.hash;
    }
  }
}

/** Checks a key against /account and says whose it is, or why it was refused. */
async function checkKey() {
  if (!key) {
    show(keyStatus, 'No key: nothing is asked of the server.');
    return;
  }
  try {
    const { data } = await get(key, 'account');
    show(
      keyStatus,
      `Key ${data.key.prefix}… (${data.plan.name}): ${data.rate_limit.remaining} of ${data.rate_limit.limit} requests left this minute.`,
    );
    keyStatus.className = 'key-status ok';
  } catch (error) {
    show(keyStatus, error instanceof ApiProblem ? `Key refused: ${error.message}` : String(error));
    keyStatus.className = 'key-status bad';
  }
}

document.getElementById('key-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const pasted = keyInput.value.trim();
  keyInput.value = '';
  if (!pasted) return;
  key = pasted;
  saveKey(pasted);
  void checkKey();
  void render();
});
forget.addEventListener('click', () => {
  key = null;
  forgetKey();
  void checkKey();
  void render();
});
window.addEventListener('hashchange', () => void render());
void checkKey();
void render();
