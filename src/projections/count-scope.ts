import type { Transaction } from 'kysely';
import {
  competitionsOfMatches,
  competitionsOfSeasons,
  competitionsOfTeamStats,
  type TeamStatsKey,
} from '../storage/repositories/count-scope.repository.js';
import { writtenRecords, type SyncResult } from '../storage/repositories/record-sync.js';
import type { Database } from '../storage/schema.js';
import type { CanonicalBatch, DetailRecords } from './canonical.js';

/** What a run wrote, as far as the derived counts read it. */
export interface CountedWrites {
  competitions: SyncResult;
  seasons: SyncResult;
  matches: SyncResult;
  details: Pick<
    Record<keyof DetailRecords, SyncResult>,
    'squadMembers' | 'teamStats' | 'lineups' | 'events' | 'standings'
  >;
  /** Seasons that lost matches in the run. */
  removedFrom: readonly string[];
}

type Values = Record<string, unknown>;

/**
 * The records a sync wrote (inserted or updated) with the stored rows its updates replaced: a count moves
 * where a row now is and where it was (for hashed tables, `previous` holds the columns the runner asked
 * it to read back).
 */
function touched(records: readonly (Values & { id: string })[], result: SyncResult): Values[] {
  return [...writtenRecords(records, result), ...result.previous.values()];
}

/**
 * The competitions whose derived counts (derived-counts.ts) a run's writes can change: those written;
 * those of the seasons, matches, squads, tables, lineups, events and team statistics written, before and
 * after; those of the seasons that lost matches. Every other competition's counts read none of those rows.
 */
export async function countScope(
  trx: Transaction<Database>,
  batch: CanonicalBatch,
  writes: CountedWrites,
): Promise<string[]> {
  const competitions = new Set<string>();
  const seasons = new Set<string>(writes.removedFrom);
  const matches = new Set<string>();
  const stats: TeamStatsKey[] = [];
  for (const c of touched(batch.competitions, writes.competitions)) competitions.add(String(c.id));
  for (const s of touched(batch.seasons, writes.seasons)) competitions.add(String(s.competition_id));
  // A match written holds the record's competition now: its details need no lookup.
  const known = new Set<string>();
  for (const m of touched(batch.matches, writes.matches)) {
    competitions.add(String(m.competition_id));
    known.add(String(m.id));
  }
  const { squadMembers, standings, lineups, events, teamStats } = writes.details;
  const d = batch.details;
  for (const row of [...touched(d.squadMembers, squadMembers), ...touched(d.standings, standings)]) {
    seasons.add(String(row.season_id));
  }
  for (const row of [...touched(d.lineups, lineups), ...touched(d.events, events)]) {
    if (!known.has(String(row.match_id))) matches.add(String(row.match_id));
  }
  for (const row of touched(d.teamStats, teamStats)) {
    stats.push({
      team_id: String(row.team_id),
      opponent_team_id: String(row.opponent_team_id),
      match_date: String(row.match_date),
    });
  }
  const found = [
    await competitionsOfSeasons(trx, [...seasons]),
    await competitionsOfMatches(trx, [...matches]),
    await competitionsOfTeamStats(trx, stats),
  ];
  for (const set of found) for (const id of set) competitions.add(id);
  return [...competitions].sort();
}
