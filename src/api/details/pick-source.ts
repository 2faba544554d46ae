import { SOURCE_NAMES, sourceRank } from '../../provenance/sources.js';

/** Rows of the best-ranked source present (see src/provenance/sources.ts), so sources never mix. */
export function bestSourceRows<T extends { source: string }>(rows: readonly T[]): T[] {
  if (rows.length === 0) return [];
  const best = rows.reduce((a, b) => (sourceRank(b.source) < sourceRank(a.source) ? b : a)).source;
  return rows.filter((r) => r.source === best);
}

/**
 * The events and team statistics a match shows in its state: while it is live, the live feed's only
 * (docs/live-updates.md). Another source's of a live match describe it as it ended (a historical match
 * being replayed, or a source that already has the result), not as it stands, and would show goals not
 * yet scored. Lineups are what they were at kick-off whatever the source, and are not filtered.
 */
export function rowsInState<T extends { source: string }>(rows: readonly T[], status: string): readonly T[] {
  return status === 'live' ? rows.filter((r) => r.source === SOURCE_NAMES.feed) : rows;
}
