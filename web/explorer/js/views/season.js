// A season: its table (total, home, away or form, with the zones its rules describe) and its matches
// round by round.
import { el, link } from '../dom.js';
import { attributionOf, matchRow } from '../match-text.js';

const VIEWS = [
  ['total', 'Table'],
  ['home', 'Home'],
  ['away', 'Away'],
  ['form', 'Form (last 5)'],
];
const MATCH_PAGE = 100;

/** A class for a zone (`Champions`, `Relegation play-offs`, `advanced`...): lower case, dashes. */
const zoneClass = (description) => `zone-${description.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function formBadges(form) {
  if (!form) return '';
  return el(
    'span',
    { class: 'form', 'aria-label': `form ${form}` },
    [...form].map((r) => el('span', { class: `result result-${r}` }, r)),
  );
}

function tableOf(rows, season) {
  const head = ['#', 'Team', 'P', 'W', 'D', 'L', 'GF', 'GA', 'GD', 'Pts', 'Form'];
  return el(
    'div',
    { class: 'table-wrap' },
    el(
      'table',
      { class: 'standings' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          head.map((h, i) => el('th', { scope: 'col', class: i > 1 ? 'num' : null }, h)),
        ),
      ),
      el(
        'tbody',
        {},
        rows.map((r) =>
          el(
            'tr',
            { class: r.description ? zoneClass(r.description) : null, title: r.description ?? null },
            el('td', { class: 'num pos' }, r.position),
            el(
              'th',
              { scope: 'row', class: 'team' },
              link(`/teams/${r.team.id}?season=${season}`, r.team.name),
            ),
            [r.played, r.won, r.drawn, r.lost, r.goals_for, r.goals_against].map((n) =>
              el('td', { class: 'num' }, n),
            ),
            el('td', { class: 'num' }, r.goal_difference > 0 ? `+${r.goal_difference}` : r.goal_difference),
            el('td', { class: 'num pts' }, r.points),
            el('td', { class: 'num' }, formBadges(r.form)),
          ),
        ),
      ),
    ),
  );
}

function legendOf(rows) {
  const zones = [...new Set(rows.map((r) => r.description).filter(Boolean))];
  if (zones.length === 0) return null;
  return el(
    'ul',
    { class: 'legend' },
    zones.map((z) => el('li', { class: zoneClass(z) }, el('span', { class: 'swatch' }), z)),
  );
}

async function tableTab(api, base, params, query) {
  const asked = query.get('view');
  const view = VIEWS.some(([v]) => v === asked) ? asked : 'total';
  const { data } = await api(`${base}/standings`, { view });
  const groups = new Map();
  for (const row of data.rows) {
    const name = row.group ?? '';
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(row);
  }
  return [
    el(
      'p',
      { class: 'tabs views', role: 'tablist' },
      VIEWS.map(([v, label]) =>
        v === view
          ? el('span', { class: 'tab current', 'aria-current': 'true' }, label)
          : link(`/competitions/${params.competition}/seasons/${params.season}/table?view=${v}`, label),
      ),
    ),
    data.rows.length === 0
      ? el(
          'p',
          { class: 'hint' },
          data.coverage.standings_available
            ? 'No table for this season yet.'
            : 'No table is stored for this season (knockout rounds only, or no results).',
        )
      : [...groups].map(([group, rows]) => [
          group ? el('h3', {}, group) : null,
          tableOf(rows, params.season),
        ]),
    legendOf(data.rows),
    el(
      'p',
      { class: 'meta' },
      `Basis: ${data.basis}${data.view.last ? ` · last ${data.view.last} matches` : ''}`,
    ),
    attributionOf(data.attribution),
  ];
}

async function matchesTab(api, base, params, query) {
  const { data: rounds, meta } = await api(`${base}/rounds`);
  const asked = query.get('round');
  const round = rounds.find((r) => r.name === asked) ?? rounds.find((r) => r.is_current) ?? rounds[0];
  const page = Math.max(1, Number(query.get('page')) || 1);
  const to = (name, p = 1) =>
    `/competitions/${params.competition}/seasons/${params.season}/matches?${new URLSearchParams({ round: name, ...(p > 1 ? { page: String(p) } : {}) })}`;
  if (!round) return [el('p', { class: 'hint' }, 'No match of this season names a round.')];
  const { data: matches, meta: listed } = await api('football/matches', {
    season_id: params.season,
    round: round.name,
    limit: MATCH_PAGE,
    page,
  });
  return [
    el(
      'nav',
      { class: 'rounds', 'aria-label': 'Rounds' },
      rounds.map((r) =>
        r === round
          ? el('span', { class: 'tab current', 'aria-current': 'true' }, r.name)
          : link(to(r.name), r.name),
      ),
    ),
    el(
      'h3',
      {},
      round.name,
      el(
        'span',
        { class: 'meta' },
        ` ${round.first_day}${round.last_day !== round.first_day ? ` – ${round.last_day}` : ''} · ${round.matches.total} matches`,
      ),
    ),
    el('ul', { class: 'matches', id: 'round-matches' }, matches.map(matchRow)),
    el(
      'p',
      { class: 'pager' },
      page > 1 ? link(to(round.name, page - 1), '← Previous') : null,
      ' ',
      listed.has_more ? link(to(round.name, page + 1), 'Next →') : null,
    ),
    meta.without_round > 0
      ? el('p', { class: 'meta' }, `${meta.without_round} matches of the season name no round.`)
      : null,
  ];
}

export async function seasonView({ api, params, query }) {
  const tab = params.tab ?? 'table';
  if (tab !== 'table' && tab !== 'matches') throw new Error(`No such tab: ${tab}`);
  const competitionPath = `football/competitions/${encodeURIComponent(params.competition)}`;
  const base = `${competitionPath}/seasons/${encodeURIComponent(params.season)}`;
  const [{ data: competition }, { data: seasons }, body] = await Promise.all([
    api(competitionPath),
    api(`${competitionPath}/seasons`),
    tab === 'table' ? tableTab(api, base, params, query) : matchesTab(api, base, params, query),
  ]);
  const season = seasons.find((s) => s.id === params.season);
  const seasonRoute = `/competitions/${competition.id}/seasons/${params.season}`;
  return {
    trail: [
      [competition.name, `/competitions/${competition.id}`],
      [season?.name ?? params.season, seasonRoute],
    ],
    content: [
      el('h1', {}, `${competition.name} ${season?.name ?? ''}`),
      el(
        'p',
        { class: 'tabs' },
        tab === 'table'
          ? el('span', { class: 'tab current' }, 'Table')
          : link(`${seasonRoute}/table`, 'Table'),
        tab === 'matches'
          ? el('span', { class: 'tab current' }, 'Matches by round')
          : link(`${seasonRoute}/matches`, 'Matches by round'),
      ),
      body,
    ],
  };
}
