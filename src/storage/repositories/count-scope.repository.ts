import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Keys per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

/** A team statistics row's key: the side, its opponent and the day, which a match is found by. */
export interface TeamStatsKey {
  team_id: string;
  opponent_team_id: string;
  match_date: string;
}

async function inChunks<K>(
  keys: readonly K[],
  read: (chunk: readonly K[]) => Promise<Array<{ competition_id: string }>>,
): Promise<Set<string>> {
  const out = new Set<string>();
  for (let from = 0; from < keys.length; from += CHUNK) {
    for (const row of await read(keys.slice(from, from + CHUNK))) out.add(row.competition_id);
  }
  return out;
}

/** The competitions of the stored seasons among `seasonIds`. */
export function competitionsOfSeasons(db: Db, seasonIds: readonly string[]): Promise<Set<string>> {
  return inChunks(seasonIds, (chunk) =>
    db.selectFrom('seasons').select('competition_id').distinct().where('id', 'in', chunk).execute(),
  );
}

/** The competitions of the stored matches among `matchIds`. */
export function competitionsOfMatches(db: Db, matchIds: readonly string[]): Promise<Set<string>> {
  return inChunks(matchIds, (chunk) =>
    db.selectFrom('matches').select('competition_id').distinct().where('id', 'in', chunk).execute(),
  );
}

/**
 * The competitions of the stored matches a statistics row of `keys` belongs to: the home side's row for
 * that opponent on that day, as a competition's stats_match_count counts them (derived-counts.ts).
 */
export function competitionsOfTeamStats(db: Db, keys: readonly TeamStatsKey[]): Promise<Set<string>> {
  return inChunks(keys, async (chunk) => {
    const values = sql.join(chunk.map((k) => sql`(${k.team_id}, ${k.opponent_team_id}, ${k.match_date})`));
    const { rows } = await sql<{ competition_id: string }>`select distinct m.competition_id
      from (values ${values}) as v
      inner join matches as m
        on m.home_team_id = v.column1 and m.away_team_id = v.column2 and m.local_date = v.column3`.execute(
      db,
    );
    return rows;
  });
}
