import { calendarSequenceProjection } from './calendar-sequence.js';
import { changeLogProjection } from './change-log.js';
import { countsProjection } from './counts.js';
import { invalidationsProjection } from './invalidations.js';
import { matchJsonProjection } from './match-json.js';
import { webhookOutboxProjection, webhookSnapshotProjection } from './webhook-outbox.js';
import { ratingsProjection } from './ratings.js';
import type { Projected, Projection, ProjectionTx, Written } from './written.js';

/**
 * Invariant: every writer of the tables the read models derive from (ingestion's runner, a live update's
 * apply step) describes what it wrote as one Written and calls project() once, in the transaction of the
 * writes, after them. No writer updates a derived row (counts, stored match JSON, change log,
 * invalidations) by hand, so the derived rows commit with the rows they derive from, and a projection
 * added here follows every pipeline (test/storage/projections/one-projection-list.test.ts).
 *
 * In order: the counts first, as the change log and the invalidation name what they wrote; the ratings
 * before the change log, which logs the teams they changed; the webhook outbox's snapshot before the match
 * JSON (what a match showed), the outbox after the match JSON and the change log, whose rows its events
 * carry; the invalidation last (invalidations.ts).
 */
const PROJECTIONS: Projection[] = [
  countsProjection,
  webhookSnapshotProjection,
  matchJsonProjection,
  ratingsProjection,
  changeLogProjection,
  calendarSequenceProjection,
  webhookOutboxProjection,
  invalidationsProjection,
];

/**
 * Runs `projection` for every writer, after the counts, match JSON and change log and before the
 * invalidation (which stays last), until the returned function is called: how a read model of an
 * extension, or a test's probe, joins every pipeline without a writer knowing of it.
 */
export function addProjection(projection: Projection): () => void {
  PROJECTIONS.splice(PROJECTIONS.indexOf(invalidationsProjection), 0, projection);
  return () => {
    const at = PROJECTIONS.indexOf(projection);
    if (at >= 0) PROJECTIONS.splice(at, 1);
  };
}

/** Updates every derived row for what `written` describes, in `tx`; what the projections derived. */
export async function project(tx: ProjectionTx, written: Written): Promise<Projected> {
  const projected: Projected = {
    counts: { competitions: [], seasons: [], detailFlagTurned: false },
    rows: 0,
    ratings: { changed: [], removed: [] },
  };
  for (const projection of [...PROJECTIONS]) {
    const { rows, counts, ratings } = await projection.project(tx, written, projected);
    projected.rows += rows;
    if (counts) projected.counts = counts;
    if (ratings) projected.ratings = ratings;
  }
  return projected;
}
