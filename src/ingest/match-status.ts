import type { MatchStatus } from '../vocabulary/match-statuses.js';

type Pair = [number, number];

/** A source's score: any of full time, extra time or shoot-out says a result exists. */
export interface ResultScore {
  ht?: Pair | null;
  ft: Pair | null;
  et: Pair | null;
  p: Pair | null;
}

/**
 * Maps a source status and score to the six API statuses, the same for every source (docs/api.md):
 * cancelled/canceled and abandoned -> canceled (the fixture produced no result and will not be completed as
 * scheduled); postponed -> postponed; awarded -> finished (the awarded score is the result); a score ->
 * finished; no score -> scheduled only while the kick-off is still ahead at ingestion, unknown after it
 * (a past fixture without a result is not "scheduled"). A status word the source has not used before
 * gives unknown.
 */
export function matchStatus(
  sourceStatus: string | null,
  score: ResultScore,
  kickoffEndsAt: number,
  now: number,
): MatchStatus {
  switch (sourceStatus?.toLowerCase()) {
    case 'cancelled':
    case 'canceled':
    case 'abandoned':
      return 'canceled';
    case 'postponed':
      return 'postponed';
    case 'awarded':
      return 'finished';
    case undefined:
      break;
    default:
      return 'unknown';
  }
  if (score.ft || score.et || score.p) return 'finished';
  return kickoffEndsAt > now ? 'scheduled' : 'unknown';
}
