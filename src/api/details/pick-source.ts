import { sourceRank } from '../../provenance/sources.js';

/** Rows of the best-ranked source present (see src/provenance/sources.ts), so sources never mix. */
export function bestSourceRows<T extends { source: string }>(rows: readonly T[]): T[] {
  if (rows.length === 0) return [];
  const best = rows.reduce((a, b) => (sourceRank(b.source) < sourceRank(a.source) ? b : a)).source;
  return rows.filter((r) => r.source === best);
}
