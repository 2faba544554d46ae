// A team and its fixtures: one season's in kick-off order (from a table's link), else every season's,
// newest first, a page at a time.
import { el, link } from '../dom.js';
import { matchRow } from '../match-text.js';

const PAGE = 50;

export async function teamView({ api, params, query }) {
  const season = query.get('season');
  const page = Math.max(1, Number(query.get('page')) || 1);
  const [{ data: team }, { data: matches, meta }] = await Promise.all([
    api(`football/teams/${encodeURIComponent(params.team)}`),
    api('football/matches', {
      team_id: params.team,
      season_id: season,
      sort: season ? 'starts_at' : '-starts_at',
      limit: PAGE,
      page,
    }),
  ]);
  const to = (p) =>
    `/teams/${team.id}?${new URLSearchParams({ ...(season ? { season } : {}), page: String(p) })}`;
  const scope = season && matches[0] ? `${matches[0].competition.name} ${matches[0].season.name}` : null;
  return {
    trail: [[team.name, `/teams/${team.id}`]],
    content: [
      el('h1', {}, team.name),
      el('p', { class: 'meta' }, [team.short_name, team.country_name].filter(Boolean).join(' · ')),
      el(
        'h2',
        {},
        scope ? `Fixtures, ${scope}` : 'Fixtures, newest first',
        season ? [' ', el('span', { class: 'meta' }, link(`/teams/${team.id}`, '(every season)'))] : null,
      ),
      matches.length === 0 ? el('p', { class: 'hint' }, 'No match stored for this team.') : null,
      el(
        'ul',
        { class: 'matches', id: 'team-matches' },
        matches.map((m) => [
          matchRow(m),
          el('li', { class: 'context' }, `${m.competition.name} ${m.season.name} · ${m.round ?? ''}`),
        ]),
      ),
      el(
        'p',
        { class: 'pager' },
        page > 1 ? link(to(page - 1), '← Previous') : null,
        ' ',
        meta.has_more ? link(to(page + 1), 'Next →') : null,
      ),
    ],
  };
}
