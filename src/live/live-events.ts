import { SOURCE_NAMES } from '../provenance/sources.js';
import { rowHash } from '../storage/repositories/record-sync.js';
import type { MatchEventRecord } from '../ingest/canonical.js';
import type { LivePeriod } from '../vocabulary/event-types.js';
import type { LiveEvent } from './match-update.js';

/**
 * The `source` of the rows live updates write (match events, team statistics): the operator feed's, so
 * that what a `feed` ingestion wrote and what live updates add to a match are one source's rows, shown
 * together (src/provenance/pick-source.ts never mixes sources within a match), and ranked above the
 * open sources (src/provenance/sources.ts): a match the operator carries live shows the operator's events.
 */
export const LIVE_SOURCE = SOURCE_NAMES.feed;

/** The row ID of the operator's event `eventId` of a match: stable, so the event can be replaced. */
export function liveEventRowId(matchId: string, eventId: string): string {
  return `${matchId}:${LIVE_SOURCE}:event:${eventId}`;
}

/** The operator's event ID back from a row ID, or undefined for a row of another kind. */
export function operatorEventId(matchId: string, rowId: string): string | undefined {
  const prefix = `${matchId}:${LIVE_SOURCE}:event:`;
  return rowId.startsWith(prefix) ? rowId.slice(prefix.length) : undefined;
}

const PERIODS: readonly LivePeriod[] = [
  'first_half',
  'second_half',
  'extra_time_first_half',
  'extra_time_second_half',
];

/** The period of a minute when the operator names none: 45' and 45+2' are the first half, 46' the second. */
export function periodOfMinute(minute: number): LivePeriod {
  if (minute <= 45) return 'first_half';
  if (minute <= 90) return 'second_half';
  if (minute <= 105) return 'extra_time_first_half';
  return 'extra_time_second_half';
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Where an event first came in the operator's order: the update's sequence, then the event's place in it.
 * Breaks ties between events of one minute; an event sent again keeps the place it first had.
 */
export function arrivalOf(sequence: number, index: number): string {
  return `${pad(sequence, 10)}:${pad(index, 3)}`;
}

/** The arrival part of a live event's sort key. */
export function arrivalIn(sortKey: string): string {
  return sortKey.split(':').slice(3).join(':');
}

/**
 * Orders a match's events as the other sources' keys do (period, minute, stoppage minute), then in the
 * order the operator sent them (`arrivalOf`).
 */
export function liveSortKey(
  period: LivePeriod,
  minute: number,
  stoppage: number | null,
  arrival: string,
): string {
  return `${PERIODS.indexOf(period) + 1}:${pad(minute, 3)}:${pad(stoppage ?? 0, 2)}:${arrival}`;
}

/** The detail stored for an event: the operator's, and for a substitution the player going off by name. */
function detailOf(event: LiveEvent): string | null {
  const detail = event.detail ?? null;
  if (event.type !== 'substitution' || event.related_player_id || !event.related_player) return detail;
  const off = `replacing ${event.related_player}`;
  return detail ? `${detail} (${off})` : off;
}

export type LiveEventRecord = MatchEventRecord & { row_hash: string };

/**
 * The `match_events` row of an operator's event, as the timeline route reads rows: the team by its ID,
 * the player by their ID when the operator gives one, else by the name given (`source_player_name`, as
 * for the sources that name scorers without a player record).
 */
export function liveEventRecord(
  match: { id: string; home_team_id: string; away_team_id: string },
  event: LiveEvent,
  arrival: string,
): LiveEventRecord {
  const period = event.period ?? periodOfMinute(event.minute);
  const stoppage = event.stoppage_minute ?? null;
  const record: MatchEventRecord = {
    id: liveEventRowId(match.id, event.id),
    match_id: match.id,
    sort_key: liveSortKey(period, event.minute, stoppage, arrival),
    type: event.type,
    period,
    minute: event.minute,
    stoppage_minute: stoppage,
    label: stoppage ? `${event.minute}+${stoppage}'` : `${event.minute}'`,
    team_id: event.team === 'home' ? match.home_team_id : match.away_team_id,
    player_id: event.player_id ?? null,
    related_player_id: event.related_player_id ?? null,
    detail: detailOf(event),
    source_player_name: event.player_id ? null : (event.player ?? null),
    source: LIVE_SOURCE,
  };
  return { ...record, row_hash: rowHash(record) };
}

/** Why an update's events cannot be applied as sent, if they cannot (before anything is read). */
export function eventsProblem(events: readonly LiveEvent[], remove: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const event of events) {
    if (seen.has(event.id)) return `events: "${event.id}" is sent twice`;
    seen.add(event.id);
    if ((event.related_player !== undefined || event.related_player_id) && event.type !== 'substitution') {
      return `events: "${event.id}" is a ${event.type}; only a substitution has a related player`;
    }
  }
  for (const id of remove) {
    if (seen.has(id)) return `remove_events: "${id}" is also among the events sent`;
  }
  if (new Set(remove).size !== remove.length) return 'remove_events names an event twice';
  return undefined;
}
