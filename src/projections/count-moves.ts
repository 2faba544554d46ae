import type { Kysely, Transaction } from 'kysely';
import { turnsDetailFlag } from '../storage/repositories/derived-counts.js';
import type { Database } from '../storage/schema.js';
import { OPEN_STATUSES } from '../vocabulary/match-statuses.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What a count refresh wrote: the IDs it wrote, and whether a coverage flag of match sub-resources turned. */
export interface CountsWritten {
  competitions: string[];
  seasons: string[];
  detailFlagTurned: boolean;
}

export const isOpen = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);

/** How one match's update moved what its competition counts: -1, 0 or +1 each. */
export interface CountMoves {
  /** A result (a score) appeared or went. */
  results: number;
  /** The match got its first timeline event, or lost its last. */
  events: number;
  /** The match got its first team statistics. */
  statistics: number;
  /** The match got its first lineup row. */
  lineups: number;
  /** The match went from open (scheduled, live, postponed) to played or called off, or back. */
  openness: boolean;
}

/**
 * Brings the counts the coverage flags read (and a season's `is_current`) up to date after one match
 * changed in place, without recounting its competition as an ingestion does (derived-counts.ts), which
 * would read every match of a league for each live update of one of them: the competition's
 * result, timeline, statistics and lineup counts move by what this match's change moved them, which is exact
 * because every writer of those rows keeps the counts exact in the transaction that writes them. Rows
 * are written, with `updated_at`, only when a value changes. Returns the IDs written, for the change log,
 * and whether a coverage flag of match sub-resources turned (turnsDetailFlag).
 */
export async function moveCounts(
  db: Db,
  match: { competition_id: string; season_id: string },
  moves: CountMoves,
  now: string,
): Promise<CountsWritten> {
  const written: CountsWritten = { competitions: [], seasons: [], detailFlagTurned: false };
  if (moves.results !== 0 || moves.events !== 0 || moves.statistics !== 0 || moves.lineups !== 0) {
    const competition = await db
      .selectFrom('competitions')
      .select(['result_count', 'event_match_count', 'stats_match_count', 'lineup_match_count'])
      .where('id', '=', match.competition_id)
      .executeTakeFirstOrThrow();
    const counts = {
      result_count: Math.max(0, Number(competition.result_count) + moves.results),
      event_match_count: Math.max(0, Number(competition.event_match_count) + moves.events),
      stats_match_count: Math.max(0, Number(competition.stats_match_count) + moves.statistics),
      lineup_match_count: Math.max(0, Number(competition.lineup_match_count) + moves.lineups),
    };
    written.detailFlagTurned = turnsDetailFlag(competition, counts);
    await db
      .updateTable('competitions')
      .set({ ...counts, updated_at: now })
      .where('id', '=', match.competition_id)
      .execute();
    written.competitions.push(match.competition_id);
  }
  if (moves.openness) {
    const newest = await db
      .selectFrom('seasons')
      .select('id')
      .where('competition_id', '=', match.competition_id)
      .orderBy('key', 'desc')
      .limit(1)
      .executeTakeFirst();
    const open = await db
      .selectFrom('matches')
      .select('id')
      .where('season_id', '=', match.season_id)
      .where('status', 'in', OPEN_STATUSES)
      .limit(1)
      .executeTakeFirst();
    const current = newest?.id === match.season_id && open !== undefined ? 1 : 0;
    const season = await db
      .updateTable('seasons')
      .set({ is_current: current, updated_at: now })
      .where('id', '=', match.season_id)
      .where('is_current', '!=', current)
      .executeTakeFirst();
    if (Number(season.numUpdatedRows) > 0) written.seasons.push(match.season_id);
  }
  return written;
}
