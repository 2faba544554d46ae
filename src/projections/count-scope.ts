import type { Transaction } from 'kysely';
import {
  competitionsOfMatches,
  competitionsOfSeasons,
  competitionsOfTeamStats,
  type TeamStatsKey,
} from '../storage/repositories/count-scope.repository.js';
import { writtenRecords } from '../storage/repositories/record-sync.js';
import type { Database } from '../storage/schema.js';
import type { TableWrites, Written } from './written.js';

type Values = Record<string, unknown>;

/**
 * The records written (inserted or updated) with the stored rows their updates replaced: a count moves
 * where a row now is and where it was (for hashed tables, `previous` holds the columns the runner asked
 * the sync to read back).
 */
function touched(writes: TableWrites | undefined): Values[] {
  if (!writes) return [];
  return [...writtenRecords(writes.records, writes.result), ...writes.result.previous.values()];
}

/**
 * The competitions whose derived counts (derived-counts.ts) the writes can change: those written; those
 * of the seasons, matches, squads, tables, lineups, events and team statistics written, before and after;
 * those of the seasons that lost matches. Every other competition's counts read none of those rows.
 */
export async function countScope(trx: Transaction<Database>, written: Written): Promise<string[]> {
  const t = written.tables;
  const competitions = new Set<string>();
  const seasons = new Set<string>(written.removed.map((r) => r.seasonId));
  const matches = new Set<string>();
  const stats: TeamStatsKey[] = [];
  for (const c of touched(t.competitions)) competitions.add(String(c.id));
  for (const s of touched(t.seasons)) competitions.add(String(s.competition_id));
  // A match written holds the record's competition now: its details need no lookup.
  const known = new Set<string>();
  for (const m of touched(t.matches)) {
    competitions.add(String(m.competition_id));
    known.add(String(m.id));
  }
  for (const row of [...touched(t.squadMembers), ...touched(t.standings)]) seasons.add(String(row.season_id));
  for (const row of [...touched(t.lineups), ...touched(t.events)]) {
    if (!known.has(String(row.match_id))) matches.add(String(row.match_id));
  }
  for (const row of touched(t.teamStats)) {
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
