import type { Kysely } from 'kysely';
import { bestSourceRows } from '../provenance/pick-source.js';
import { LIVE_SOURCE, operatorEventId } from '../live/live-events.js';
import { resolveMatch, type LiveMatch } from '../live/resolve-match.js';
import { eventsForMatch, type EventRow } from '../storage/repositories/match-detail.repository.js';
import type { Database } from '../storage/schema.js';
import { isReplayEventId } from './replay-ids.js';

/** What a replay reads of the match it plays. */
export interface StoredMatch {
  match: LiveMatch;
  /** The match went to extra time, by its stored extra-time score or its events. */
  extraTime: boolean;
  /** The match was decided by a shoot-out, by its stored shoot-out score or winner, or its kicks. */
  shootout: boolean;
  /**
   * The timeline the API shows for the match, its replay's own events aside: the rows of the best-ranked
   * source (src/provenance/pick-source.ts), in order. What the replay plays.
   */
  timeline: EventRow[];
  /** Operator IDs of replayed events still stored (an interrupted run's): the reset removes them. */
  leftovers: string[];
  /** Operator IDs of live events that are no replay's: an operator carries the match live. */
  operatorEvents: string[];
}

/** The match `matchId` and its timeline as a replay needs them; undefined when there is no such match. */
export async function readStoredMatch(
  db: Kysely<Database>,
  matchId: string,
): Promise<StoredMatch | undefined> {
  const match = await resolveMatch(db, matchId);
  if (!match) return undefined;
  const scores = await db
    .selectFrom('matches')
    .select(['et_home', 'et_away', 'pen_home', 'pen_away', 'shootout_winner'])
    .where('id', '=', match.id)
    .executeTakeFirstOrThrow();
  const rows = await eventsForMatch(db, match.id);
  const leftovers: string[] = [];
  const operatorEvents: string[] = [];
  const others: EventRow[] = [];
  for (const row of rows) {
    const operatorId = row.source === LIVE_SOURCE ? operatorEventId(match.id, row.id) : undefined;
    if (operatorId === undefined) others.push(row);
    else (isReplayEventId(operatorId) ? leftovers : operatorEvents).push(operatorId);
  }
  const timeline = bestSourceRows(others);
  const inPeriod = (prefix: string) => timeline.some((e) => e.period?.startsWith(prefix));
  return {
    match,
    extraTime: scores.et_home !== null || scores.et_away !== null || inPeriod('extra_time'),
    shootout:
      scores.pen_home !== null ||
      scores.pen_away !== null ||
      scores.shootout_winner !== null ||
      timeline.some((e) => e.type === 'shootout_kick'),
    timeline,
    leftovers,
    operatorEvents,
  };
}
