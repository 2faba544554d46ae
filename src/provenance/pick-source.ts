import { SOURCE_NAMES, sourceRank } from './sources.js';

/** Rows of the best-ranked source present (see src/provenance/sources.ts), so sources never mix. */
export function bestSourceRows<T extends { source: string }>(rows: readonly T[]): T[] {
  if (rows.length === 0) return [];
  const best = rows.reduce((a, b) => (sourceRank(b.source) < sourceRank(a.source) ? b : a)).source;
  return rows.filter((r) => r.source === best);
}

/** The states in which a match shows the live feed's events and statistics only (rowsInState). */
const FEED_ONLY_STATES = new Set(['scheduled', 'live']);

/**
 * The events and team statistics a match shows in its state: before kick-off and while it is live, the
 * live feed's only (docs/live-updates.md). Another source's of a scheduled or live match describe it as it
 * ended (a historical match being replayed, reset to before kick-off; a source that already has the
 * result), not as it stands, and would show goals not yet scored. Lineups are what they were at kick-off
 * whatever the source, and are not filtered.
 */
export function rowsInState<T extends { source: string }>(rows: readonly T[], status: string): readonly T[] {
  return FEED_ONLY_STATES.has(status) ? rows.filter((r) => r.source === SOURCE_NAMES.feed) : rows;
}
