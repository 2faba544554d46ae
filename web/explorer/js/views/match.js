// A match: its score and breakdown, its timeline and its lineups, in one request (include=).
import { el, link } from '../dom.js';
import { attributionOf, breakdown, kickOff, scoreLine } from '../match-text.js';

const PERIODS = {
  first_half: '1st half',
  second_half: '2nd half',
  extra_time_first_half: 'ET 1st half',
  extra_time_second_half: 'ET 2nd half',
  penalty_shootout: 'Shoot-out',
};

const words = (type) => type.replaceAll('_', ' ');

function timelineOf(timeline, match) {
  if (!timeline?.coverage?.timeline_available || timeline.events.length === 0)
    return el('p', { class: 'hint' }, 'No timeline is stored for this match.');
  let period = null;
  const items = [];
  for (const e of timeline.events) {
    if (e.period !== period) {
      period = e.period;
      items.push(el('li', { class: 'period' }, PERIODS[period] ?? words(period ?? 'unknown period')));
    }
    const side =
      e.team?.id === match.home_team.id ? 'home' : e.team?.id === match.away_team.id ? 'away' : 'none';
    items.push(
      el(
        'li',
        { class: `event ${side} type-${e.type}` },
        el('span', { class: 'minute' }, e.label ?? ''),
        el('span', { class: 'what' }, words(e.type)),
        el(
          'span',
          { class: 'who' },
          e.player?.name ?? '',
          e.related_player ? el('span', { class: 'related' }, ` (${e.related_player.name})`) : null,
          e.team ? el('span', { class: 'meta' }, ` · ${e.team.name}`) : null,
          e.detail ? el('span', { class: 'meta' }, ` · ${e.detail}`) : null,
        ),
      ),
    );
  }
  return [el('ol', { class: 'timeline', id: 'timeline' }, items), attributionOf(timeline.attribution)];
}

const playerItem = (p) =>
  el(
    'li',
    {},
    el('span', { class: 'shirt' }, p.shirt_number ?? ''),
    ' ',
    p.player.name,
    p.position ? el('span', { class: 'meta' }, ` ${p.position}`) : null,
  );

function lineupsOf(lineups) {
  if (!lineups?.coverage?.lineups_available || lineups.teams.length === 0)
    return el('p', { class: 'hint' }, 'No lineups are stored for this match.');
  return [
    el(
      'div',
      { class: 'lineups', id: 'lineups' },
      lineups.teams.map((t) =>
        el(
          'section',
          {},
          el(
            'h3',
            {},
            link(`/teams/${t.team.id}`, t.team.name),
            t.formation ? el('span', { class: 'meta' }, ` ${t.formation}`) : null,
          ),
          el('ol', { class: 'players' }, t.starting.map(playerItem)),
          t.bench.length > 0
            ? [el('h4', {}, 'Bench'), el('ol', { class: 'players bench' }, t.bench.map(playerItem))]
            : null,
          t.coach ? el('p', { class: 'meta' }, `Coach: ${t.coach.name}`) : null,
        ),
      ),
    ),
    attributionOf(lineups.attribution),
  ];
}

export async function matchView({ api, params }) {
  const { data: match } = await api(`football/matches/${encodeURIComponent(params.match)}`, {
    include: 'timeline,lineups',
  });
  const seasonRoute = `/competitions/${match.competition.id}/seasons/${match.season.id}`;
  const title = `${match.home_team.name} ${scoreLine(match)} ${match.away_team.name}`;
  return {
    trail: [
      [match.competition.name, `/competitions/${match.competition.id}`],
      [match.season.name, seasonRoute],
      [title, `/matches/${match.id}`],
    ],
    content: [
      el(
        'section',
        { class: 'scoreboard', id: 'scoreboard' },
        el('p', { class: 'meta' }, [
          match.round
            ? link(`${seasonRoute}/matches?round=${encodeURIComponent(match.round)}`, match.round)
            : null,
          ' · ',
          kickOff(match),
          ' · ',
          match.status,
        ]),
        el(
          'h1',
          {},
          link(`/teams/${match.home_team.id}`, match.home_team.name),
          el('span', { class: 'big-score' }, scoreLine(match)),
          link(`/teams/${match.away_team.id}`, match.away_team.name),
        ),
        el(
          'p',
          { class: 'breakdown' },
          breakdown(match),
          match.decided_by ? ` · decided by ${words(match.decided_by)}` : '',
        ),
        match.venue
          ? el(
              'p',
              { class: 'meta' },
              [match.venue.name, match.venue.city, match.venue.country].filter(Boolean).join(', '),
            )
          : null,
      ),
      el(
        'div',
        { class: 'match-parts' },
        el('section', {}, el('h2', {}, 'Timeline'), timelineOf(match.included?.timeline, match)),
        el('section', {}, el('h2', {}, 'Lineups'), lineupsOf(match.included?.lineups)),
      ),
    ],
  };
}
