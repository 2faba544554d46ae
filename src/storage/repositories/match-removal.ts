import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** IDs per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

/** A stored match as removal weighs it. */
export interface StoredMatch {
  id: string;
  season_id: string;
  home_team_id: string;
  away_team_id: string;
}

/** The matches of `seasonId` a source in `sources` wrote (the source a match shows, matches.source). */
export async function matchesWrittenBy(
  db: Db,
  seasonId: string,
  sources: readonly string[],
): Promise<StoredMatch[]> {
  if (sources.length === 0) return [];
  return db
    .selectFrom('matches')
    .select(['id', 'season_id', 'home_team_id', 'away_team_id'])
    .where('season_id', '=', seasonId)
    .where('source', 'in', sources)
    .execute();
}

/**
 * How many matches each season held when its counts were last refreshed (seasons.match_count, kept exact
 * by every writer that adds or removes matches); a season not stored yet is absent.
 */
export async function storedMatchCounts(db: Db, seasonIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let from = 0; from < seasonIds.length; from += CHUNK) {
    const rows = await db
      .selectFrom('seasons')
      .select(['id', 'match_count'])
      .where('id', 'in', seasonIds.slice(from, from + CHUNK))
      .execute();
    for (const row of rows) counts.set(row.id, Number(row.match_count));
  }
  return counts;
}

/**
 * The rows that refer to a match, children first: its details, where other sources found it, its stored
 * JSON. Team statistics are filed by date and teams, not by match, and stay; the live log is an audit and
 * names matches without a reference.
 */
const CHILDREN = ['match_events', 'match_lineups', 'match_team_sheets', 'match_sources'] as const;

/** Deletes the matches and every row that refers to them, in the caller's transaction. */
export async function removeMatches(db: Db, ids: readonly string[]): Promise<void> {
  for (let from = 0; from < ids.length; from += CHUNK) {
    const chunk = ids.slice(from, from + CHUNK);
    for (const table of CHILDREN) await db.deleteFrom(table).where('match_id', 'in', chunk).execute();
    await db.deleteFrom('match_json').where('id', 'in', chunk).execute();
    await db.deleteFrom('matches').where('id', 'in', chunk).execute();
  }
}
