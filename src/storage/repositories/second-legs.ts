import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Well under SQLite's bound values per statement; each ID names at most one second leg. */
const CHUNK = 5000;

/**
 * The second legs of `matches` (the matches whose `first_leg_id` is one of them): a second leg shows its
 * tie's aggregate, which its first leg's score is part of, so a run that writes a first leg changes what
 * its second leg shows too. The change log and the answer cache's invalidation name them with the matches
 * written (projections/), as the stored JSON rewrites them (match-json.ts). Read through matches_first_leg.
 */
export async function secondLegsOf(db: Db, matches: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < matches.length; i += CHUNK) {
    const rows = await db
      .selectFrom('matches')
      .select('id')
      .where('first_leg_id', 'in', matches.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) ids.push(row.id);
  }
  return ids;
}
