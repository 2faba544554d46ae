import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { MatchView } from './match.js';

/**
 * A calendar feed (RFC 5545) of matches, the one definition of how a match reads in a calendar: one VEVENT
 * per match, written by ical-generator (line folding, text escaping, CRLF). Decisions (docs/api.md,
 * "Calendar feeds"):
 * - UID `<match_id>@touchline`: match IDs never move, so a calendar updates its event rather than adding one.
 * - SEQUENCE is the match's calendar sequence (projections/calendar-sequence.ts): raised when its kick-off,
 *   venue or status changes, never lowered.
 * - DTSTAMP is when the match last changed (its `updated_at`), not the time of the request: an unchanged
 *   feed is the same bytes, so its ETag holds and a polling calendar gets 304.
 * - A kick-off with a time lasts MATCH_HOURS (UTC); a date-only one is an all-day event (VALUE=DATE).
 * - Canceled is STATUS:CANCELLED; postponed STATUS:TENTATIVE with "(postponed)" in the summary; scheduled,
 *   live and finished CONFIRMED; a status no source gives (`unknown`) no STATUS at all.
 * - SUMMARY "Home – Away"; once finished with a score, "Home 3–3 Away (4–2 pens)", "(a.e.t.)" after extra
 *   time, "(awarded)" for a result decided off the pitch.
 */
export const MATCH_HOURS = 2;

export interface CalendarMatch {
  match: MatchView;
  sequence: number;
}

const DASH = '\u2013';

/** The match as a calendar's title shows it. */
export function matchSummary(match: MatchView): string {
  const home = match.home_team.name;
  const away = match.away_team.name;
  const { score: homeScore } = match.home_team;
  const { score: awayScore } = match.away_team;
  if (match.status === 'finished' && homeScore !== null && awayScore !== null) {
    return `${home} ${homeScore}${DASH}${awayScore} ${away}${decidedSuffix(match)}`;
  }
  if (match.status === 'postponed') return `${home} ${DASH} ${away} (postponed)`;
  return `${home} ${DASH} ${away}`;
}

function decidedSuffix(match: MatchView): string {
  switch (match.decided_by) {
    case 'penalties': {
      const pens = match.score.penalties;
      return pens ? ` (${pens.home}${DASH}${pens.away} pens)` : ' (on penalties)';
    }
    case 'extra_time':
      return ' (a.e.t.)';
    case 'awarded':
      return ' (awarded)';
    default:
      return '';
  }
}

function statusOf(match: MatchView): ICalEventStatus | null {
  switch (match.status) {
    case 'canceled':
      return ICalEventStatus.CANCELLED;
    case 'postponed':
      return ICalEventStatus.TENTATIVE;
    case 'unknown':
      return null;
    default:
      return ICalEventStatus.CONFIRMED;
  }
}

function locationOf(match: MatchView): string | null {
  const venue = match.venue;
  if (!venue) return null;
  const parts = [venue.name, venue.city, venue.country].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join(', ') : null;
}

function descriptionOf(match: MatchView): string {
  const round = match.round ? `, ${match.round}` : '';
  return `${match.competition.name} ${match.season.name}${round}`;
}

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The feed's text: `name` is the calendar's name (X-WR-CALNAME), `matches` in kick-off order. */
export function matchCalendarText(name: string, matches: readonly CalendarMatch[]): string {
  const calendar = ical({
    name,
    prodId: { company: 'Touchline', product: 'calendar-feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // A hint to clients on how often to ask again (X-PUBLISHED-TTL, REFRESH-INTERVAL).
    ttl: 3600,
  });
  for (const { match, sequence } of matches) {
    const dated = match.starts_at_precision === 'date';
    const day = match.starts_at.slice(0, 10);
    const start = dated ? day : new Date(match.starts_at);
    const end = dated ? nextDay(day) : new Date(Date.parse(match.starts_at) + MATCH_HOURS * 3_600_000);
    calendar.createEvent({
      id: `${match.id}@touchline`,
      sequence,
      stamp: new Date(match.updated_at ?? match.starts_at),
      start,
      end,
      allDay: dated,
      summary: matchSummary(match),
      description: descriptionOf(match),
      location: locationOf(match),
      status: statusOf(match),
    });
  }
  return calendar.toString();
}
