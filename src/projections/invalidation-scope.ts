import {
  EVERYTHING,
  invalidationOf,
  type Invalidation,
} from '../storage/repositories/invalidation.repository.js';
import type { CountsWritten } from './count-moves.js';
import { idsWhere, PEOPLE_TABLES, rowsWritten, type TableWrites, type Written } from './written.js';

/** The `column` of each record of `writes` that was written (inserted or updated). */
function namedBy(writes: TableWrites | undefined, column: string): string[] {
  if (!writes || rowsWritten(writes) === 0) return [];
  const written = new Set(idsWhere(writes, 'inserted', 'updated'));
  return writes.records.filter((r) => written.has(r.id)).map((r) => String(r[column]));
}

/**
 * What a transaction's writes invalidate (see invalidation.repository.ts and src/api/answer-scope.ts): the
 * records written and those whose answers show a written row (a match's sub-resources its detail rows, a
 * season's table its matches and published rows, a match changed in place its own answers and its
 * season's), and the competitions and seasons whose counts changed. A change that shows in answers about
 * records it does not name invalidates everything: a competition, season or team edited (its name is in
 * every answer about its matches), a player edited or renamed or a scorer linked (in every timeline and
 * lineup they appear in), a coach, referee, venue, placing or award written (careers, leader boards and
 * honours show them), a coverage flag of match sub-resources turned, team statistics written row by
 * row (filed by date and teams, they name no match; a match's own, changed in place, name their match).
 */
export function invalidationScope(
  w: Written,
  counts: CountsWritten,
  /** The second legs of the matches written (storage/repositories/second-legs.ts): their aggregate moved. */
  secondLegs: readonly string[] = [],
): Invalidation {
  const t = w.tables;
  const edited = [t.competitions, t.seasons, t.teams, t.players].some((r) => (r?.result.updated ?? 0) > 0);
  const statistics = rowsWritten(t.teamStats) > 0;
  const renamed = w.inPlace?.playersRenamed === true;
  const people = PEOPLE_TABLES.some((name) => rowsWritten(t[name]) > 0);
  if (people || edited || statistics || renamed || w.linksChanged || counts.detailFlagTurned)
    return EVERYTHING;
  const inPlace = w.inPlace ? [w.inPlace.match.id, w.inPlace.match.season_id] : [];
  return invalidationOf([
    ...inPlace,
    ...idsWhere(t.competitions, 'inserted'),
    ...idsWhere(t.seasons, 'inserted'),
    ...idsWhere(t.teams, 'inserted'),
    ...namedBy(t.matches, 'id'),
    ...secondLegs,
    ...namedBy(t.matches, 'season_id'),
    ...namedBy(t.matchSources, 'match_id'),
    ...namedBy(t.teamSheets, 'match_id'),
    ...namedBy(t.lineups, 'match_id'),
    ...namedBy(t.events, 'match_id'),
    ...namedBy(t.standings, 'season_id'),
    ...counts.competitions,
    ...counts.seasons,
    ...w.removed.flatMap((r) => [r.id, r.seasonId]),
  ]);
}
