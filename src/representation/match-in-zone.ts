import type { MatchView } from './match.js';
import { dateInZone, instantInZone } from './zoned-time.js';

/**
 * A match shown in a time zone (`tz`, docs/api.md "Time zones"): its `starts_at` with the zone's offset,
 * the same instant, and nothing else changed. UTC (any name Intl resolves to it) is the stored text as
 * it is, `Z` and all; callers pass no zone then.
 */

/** A match's starts_at in `zone`: a kick-off instant with the offset then; a date-only one as its date. */
export function startsAtInZone(
  startsAt: string,
  precision: MatchView['starts_at_precision'],
  zone: string,
): string {
  return precision === 'date' ? dateInZone(startsAt, zone) : instantInZone(startsAt, zone);
}

/** A match view (matchView's) with its starts_at in `zone`. */
export function matchViewInZone<M extends Pick<MatchView, 'starts_at' | 'starts_at_precision'>>(
  match: M,
  zone: string,
): M {
  return { ...match, starts_at: startsAtInZone(match.starts_at, match.starts_at_precision, zone) };
}

// matchView writes starts_at before starts_at_precision and after id, competition and season, whose
// values are strings and objects of strings: JSON.stringify escapes every quote inside a string, so the
// first `"starts_at":"` of the text is the key's, and its value (an instant: no quote, no escape) runs
// to the next quote.
const KEY = '"starts_at":"';
const DATE_ONLY = '","starts_at_precision":"date"';

/**
 * A match's stored JSON text (matchJson's) with its starts_at in `zone`: the value spliced in, every other
 * byte as stored. Text without the key is returned as it is.
 */
export function matchJsonInZone(json: string, zone: string): string {
  const start = json.indexOf(KEY);
  if (start < 0) return json;
  const from = start + KEY.length;
  const end = json.indexOf('"', from);
  if (end < 0) return json;
  const precision = json.startsWith(DATE_ONLY, end) ? 'date' : 'datetime';
  return json.slice(0, from) + startsAtInZone(json.slice(from, end), precision, zone) + json.slice(end);
}
