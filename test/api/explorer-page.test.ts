import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { EXPLORER_ROOT } from '../../src/api/explorer/explorer-page.js';
import { buildTestApp } from '../support/build-app.js';
import { API } from '../support/api-contract.js';

const PAGE = `${API}/explorer/`;

/** Every file of the explorer's folder, by its path under it. */
function files(): string[] {
  return fs
    .readdirSync(EXPLORER_ROOT, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(EXPLORER_ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

test('GET /explorer/: the explorer page', async (t) => {
  const { app } = await buildTestApp(t);
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  await t.test('/explorer redirects to the folder, its query kept, so relative URLs resolve', async () => {
    for (const [url, location] of [
      [`${API}/explorer`, 'explorer/'],
      [`${API}/explorer?utm_source=readme`, 'explorer/?utm_source=readme'],
    ] as const) {
      const res = await get(url);
      assert.equal(res.statusCode, 301, url);
      assert.equal(res.headers.location, location);
      assert.equal(new URL(location, `http://h${url}`).pathname, PAGE);
    }
  });

  await t.test('is an HTML page served without a key, counted against nothing', async () => {
    for (const url of [PAGE, `${PAGE}index.html`, `${PAGE}?utm_source=readme`]) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(res.headers['x-ratelimit-limit'], undefined, 'counted against nothing');
    }
  });

  await t.test('serves every file of its folder with its type, and nothing else', async () => {
    const types: Record<string, string> = {
      '.html': 'text/html; charset=utf-8',
      '.css': 'text/css; charset=utf-8',
      '.js': 'application/javascript; charset=utf-8',
      '.svg': 'image/svg+xml',
    };
    const listed = files();
    assert.ok(listed.includes('js/main.js') && listed.includes('explorer.css'), listed.join(', '));
    for (const file of listed) {
      const res = await get(`${PAGE}${file}`);
      assert.equal(res.statusCode, 200, file);
      assert.equal(res.headers['content-type'], types[path.extname(file)], file);
      assert.equal(res.body, fs.readFileSync(path.join(EXPLORER_ROOT, file), 'utf8'), `${file} as committed`);
    }
    for (const url of [
      `${PAGE}nothing.js`,
      `${PAGE}js/`,
      `${PAGE}%2e%2e/explorer.css`,
      `${PAGE}..%2fpackage.json`,
    ]) {
      const res = await get(url);
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().error.code, 'not_found', url);
    }
  });

  await t.test('loads its scripts and styles from its own folder, by relative URL', async () => {
    const html = (await get(PAGE)).body;
    const assets = [...html.matchAll(/(?:src|href)="([^"#]+)"/g)].map((m) => m[1]!);
    assert.ok(assets.includes('js/main.js') && assets.includes('explorer.css'), assets.join(', '));
    for (const asset of assets) {
      assert.doesNotMatch(asset, /^[a-z]+:|^\/\//i, `${asset} is on this server`);
      const url = new URL(asset, `http://h${PAGE}`).pathname;
      assert.equal((await get(url)).statusCode, 200, url);
    }
    // The page has no inline script or style for the policy to refuse.
    assert.doesNotMatch(html, /<script(?![^>]*\ssrc=)[^>]*>/);
    assert.doesNotMatch(html, /<style|\sstyle=|\son[a-z]+=/i);
  });

  await t.test('no module builds HTML from text, nor puts the key in a URL or a log', () => {
    for (const file of files().filter((f) => f.endsWith('.js'))) {
      const source = fs.readFileSync(path.join(EXPLORER_ROOT, file), 'utf8');
      assert.doesNotMatch(source, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/, file);
      assert.doesNotMatch(source, /console\.|localStorage/, file);
      assert.doesNotMatch(source, /searchParams\.set\([^)]*key/i, file);
    }
  });

  await t.test('is sent with a strict CSP, framing refused, no sniffing, revalidated', async () => {
    for (const url of [PAGE, `${PAGE}js/main.js`, `${PAGE}explorer.css`, `${API}/explorer`]) {
      const res = await get(url);
      const directives = new Map(
        String(res.headers['content-security-policy'])
          .split(';')
          .map((d) => {
            const [name, ...values] = d.trim().split(/\s+/);
            return [name!, values.join(' ')] as const;
          }),
      );
      assert.equal(directives.get('default-src'), "'none'", url);
      for (const name of ['script-src', 'style-src', 'connect-src'])
        assert.equal(directives.get(name), "'self'", `${url} ${name}: this server only, nothing inline`);
      for (const name of ['frame-ancestors', 'base-uri', 'form-action'])
        assert.equal(directives.get(name), "'none'", `${url} ${name}`);
      assert.equal(res.headers['x-frame-options'], 'DENY', url);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(res.headers['referrer-policy'], 'no-referrer', url);
      assert.equal(res.headers['cache-control'], 'no-cache', url);
    }
    const api = await get(`${API}/health`);
    assert.equal(api.headers['content-security-policy'], undefined, 'the JSON API does not carry them');
  });

  await t.test('answers If-None-Match with 304 and HEAD with the headers only', async () => {
    const first = await get(`${PAGE}js/main.js`);
    assert.match(String(first.headers.etag), /^W\/"/);
    assert.ok(first.headers['last-modified']);
    const again = await get(`${PAGE}js/main.js`, { 'if-none-match': String(first.headers.etag) });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    const head = await app.inject({ method: 'HEAD', url: PAGE });
    assert.equal(head.statusCode, 200);
    assert.equal(head.body, '');
    assert.equal(head.headers.etag, (await get(PAGE)).headers.etag);
  });

  await t.test('other methods are 405 with Allow, in the envelope', async () => {
    const post = await app.inject({ method: 'POST', url: PAGE });
    assert.equal(post.statusCode, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
    assert.equal(post.json().error.code, 'method_not_allowed');
  });
});
