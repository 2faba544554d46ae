// The competitions, then a competition's seasons.
import { el, link } from '../dom.js';

const PAGE = 100;

export async function competitionsView({ api, query }) {
  const q = query.get('q') ?? '';
  const page = Math.max(1, Number(query.get('page')) || 1);
  const { data, meta } = await api('football/competitions', { q, page, limit: PAGE });
  const search = el(
    'form',
    {
      class: 'search',
      role: 'search',
      onsubmit: (event) => {
        event.preventDefault();
        const value = event.target.elements.q.value.trim();
        location.hash = value ? `#/?q=${encodeURIComponent(value)}` : '#/';
      },
    },
    el('input', {
      name: 'q',
      type: 'search',
      value: q,
      placeholder: 'Search competitions',
      'aria-label': 'Search competitions',
    }),
    el('button', { type: 'submit' }, 'Search'),
  );
  const pager = (to, label) =>
    link(`/?${new URLSearchParams({ ...(q ? { q } : {}), page: String(to) })}`, label);
  return {
    trail: [],
    content: [
      el('h1', {}, 'Competitions'),
      search,
      data.length === 0 ? el('p', { class: 'hint' }, 'No competition matches.') : null,
      el(
        'ul',
        { class: 'cards', id: 'competitions' },
        data.map((c) =>
          el(
            'li',
            {},
            link(`/competitions/${c.id}`, el('strong', {}, c.name)),
            el(
              'span',
              { class: 'meta' },
              [c.country?.name ?? c.confederation, c.type, `${c.season_count} seasons`]
                .filter(Boolean)
                .join(' · '),
            ),
          ),
        ),
      ),
      el(
        'p',
        { class: 'pager' },
        page > 1 ? pager(page - 1, '← Previous') : null,
        ' ',
        meta.has_more ? pager(page + 1, 'Next →') : null,
      ),
    ],
  };
}

export async function seasonsView({ api, params }) {
  const [{ data: competition }, { data: seasons }] = await Promise.all([
    api(`football/competitions/${encodeURIComponent(params.competition)}`),
    api(`football/competitions/${encodeURIComponent(params.competition)}/seasons`),
  ]);
  return {
    trail: [[competition.name, `/competitions/${competition.id}`]],
    content: [
      el('h1', {}, competition.name),
      el(
        'p',
        { class: 'meta' },
        [competition.country?.name ?? competition.confederation, competition.type, competition.gender]
          .filter(Boolean)
          .join(' · '),
      ),
      el(
        'ul',
        { class: 'cards', id: 'seasons' },
        seasons.map((s) =>
          el(
            'li',
            {},
            link(`/competitions/${competition.id}/seasons/${s.id}`, el('strong', {}, s.name)),
            el(
              'span',
              { class: 'meta' },
              `${s.starts_on ?? '?'} – ${s.ends_on ?? '?'} · ${s.team_count} teams · ${s.match_count} matches${s.is_current ? ' · current' : ''}`,
            ),
          ),
        ),
      ),
    ],
  };
}
