// How a match is written: its kick-off, its score and the breakdown of the `score` object.
import { el, link } from './dom.js';

const DAY = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** The kick-off in the reader's zone; a date-only kick-off is its date, with no time made up. */
export function kickOff(match) {
  const at = new Date(match.starts_at);
  if (Number.isNaN(at.getTime())) return match.starts_at ?? '';
  if (match.starts_at_precision === 'date') return DAY.format(at);
  return `${DAY.format(new Date(`${match.starts_at.slice(0, 10)}T00:00:00Z`))} ${TIME.format(at)}`;
}

const pair = (p) => (p ? `${p.home}–${p.away}` : null);

/** The score shown big: the final one (after extra time), else "v" for a match without one. */
export function scoreLine(match) {
  const home = match.home_team.score;
  const away = match.away_team.score;
  return home === null || home === undefined ? 'v' : `${home}–${away}`;
}

/** Half time, full time, extra time and penalties, as the `score` object holds them. */
export function breakdown(match) {
  const s = match.score ?? {};
  return [
    ['HT', pair(s.half_time)],
    ['FT', pair(s.full_time)],
    ['AET', pair(s.extra_time)],
    ['Pens', pair(s.penalties)],
    ['Agg', match.aggregate ? pair(match.aggregate) : null],
  ]
    .filter(([, value]) => value !== null)
    .map(([label, value]) => `${label} ${value}`)
    .join(' · ');
}

/** A row of a match list: kick-off, teams, score, breakdown, each team and the match linked. */
export function matchRow(match) {
  const winner = match.winner;
  return el(
    'li',
    { class: `match status-${match.status}`, 'data-match': match.id },
    el('span', { class: 'when' }, kickOff(match)),
    el(
      'span',
      { class: `team home${winner === 'home' ? ' won' : ''}` },
      link(`/teams/${match.home_team.id}`, match.home_team.name),
    ),
    el('a', { class: 'score', href: `#/matches/${match.id}`, title: 'Open the match' }, scoreLine(match)),
    el(
      'span',
      { class: `team away${winner === 'away' ? ' won' : ''}` },
      link(`/teams/${match.away_team.id}`, match.away_team.name),
    ),
    el(
      'span',
      { class: 'detail' },
      [breakdown(match), match.status === 'finished' ? null : match.status].filter(Boolean).join(' · '),
    ),
  );
}

/** Where the data comes from, with each source's licence (every data answer names them). */
export function attributionOf(sources) {
  if (!sources || sources.length === 0) return null;
  return el(
    'p',
    { class: 'attribution' },
    'Data: ',
    sources.map((s, i) => [
      i > 0 ? '; ' : '',
      s.notice,
      ' (',
      s.license_url
        ? el('a', { href: s.license_url, rel: 'noreferrer', target: '_blank' }, s.license)
        : s.license,
      ')',
    ]),
  );
}
