import type { SyncResult } from '../storage/repositories/record-sync.js';
import {
  EVERYTHING,
  invalidationOf,
  type Invalidation,
} from '../storage/repositories/invalidation.repository.js';
import type { CanonicalBatch, DetailRecords } from './canonical.js';

/** What a run wrote, table by table (runner.ts). */
export interface RunWrites {
  competitions: SyncResult;
  seasons: SyncResult;
  teams: SyncResult;
  matches: SyncResult;
  details: Record<keyof DetailRecords, SyncResult>;
  /** Competitions and seasons whose derived counts changed, and whether a detail coverage flag turned. */
  derived: { competitions: readonly string[]; seasons: readonly string[]; detailFlagTurned: boolean };
  /** Matches removed (dropped-matches.ts), with their seasons. */
  removed: ReadonlyArray<{ id: string; seasonId: string }>;
  /** Scorers linked to players anew (event-player-links.ts). */
  linksChanged: boolean;
}

const wrote = (result: SyncResult, outcome: 'inserted' | 'updated' | 'either' = 'either') =>
  [...result.outcome]
    .filter(([, what]) => (outcome === 'either' ? what !== 'unchanged' : what === outcome))
    .map(([id]) => id);

/** The record IDs named by the rows of `records` the run wrote. */
function namedBy<R extends { id: string }>(
  records: readonly R[],
  result: SyncResult,
  name: (record: R) => string,
): string[] {
  if (result.inserted + result.updated === 0) return [];
  const written = new Set(wrote(result));
  return records.filter((r) => written.has(r.id)).map(name);
}

/**
 * What a run's writes invalidate (see invalidation.repository.ts and src/api/answer-scope.ts): the
 * records written and those whose answers show a written row (a match's sub-resources its detail rows, a
 * season's table its matches and published rows). A change that shows in answers about records it does
 * not name invalidates everything: a competition, season or team edited (its name is in every answer about
 * its matches), a player edited or a scorer linked (in every timeline and lineup they appear in), a
 * coverage flag of match sub-resources turned, team statistics written (filed by date and teams, they
 * name no match).
 */
export function runInvalidation(batch: CanonicalBatch, w: RunWrites): Invalidation {
  const edited = [w.competitions, w.seasons, w.teams, w.details.players].some((r) => r.updated > 0);
  const statistics = w.details.teamStats.inserted + w.details.teamStats.updated > 0;
  if (edited || statistics || w.linksChanged || w.derived.detailFlagTurned) return EVERYTHING;
  const d = batch.details;
  const ofMatch = (r: { match_id: string }) => r.match_id;
  return invalidationOf([
    ...wrote(w.competitions, 'inserted'),
    ...wrote(w.seasons, 'inserted'),
    ...wrote(w.teams, 'inserted'),
    ...namedBy(batch.matches, w.matches, (m) => m.id),
    ...namedBy(batch.matches, w.matches, (m) => m.season_id),
    ...namedBy(d.matchSources, w.details.matchSources, ofMatch),
    ...namedBy(d.teamSheets, w.details.teamSheets, ofMatch),
    ...namedBy(d.lineups, w.details.lineups, ofMatch),
    ...namedBy(d.events, w.details.events, ofMatch),
    ...namedBy(d.standings, w.details.standings, (r) => r.season_id),
    ...w.derived.competitions,
    ...w.derived.seasons,
    ...w.removed.flatMap((r) => [r.id, r.seasonId]),
  ]);
}
