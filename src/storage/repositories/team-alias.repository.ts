import type { Kysely, Transaction } from 'kysely';
import type { Database, TeamAliasTable } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function loadAliases(
  db: Db,
): Promise<Array<Pick<TeamAliasTable, 'scope' | 'alias_key' | 'team_id'>>> {
  return db.selectFrom('team_aliases').select(['scope', 'alias_key', 'team_id']).execute();
}

/** Adds alias rows that are not stored yet; an existing alias is never re-pointed (it keeps its team's ID). */
export async function insertNewAliases(
  db: Db,
  aliases: ReadonlyArray<Omit<TeamAliasTable, 'created_at'>>,
  now: string,
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < aliases.length; i += 1000) {
    const rows = aliases.slice(i, i + 1000).map((a) => ({ ...a, created_at: now }));
    const result = await db
      .insertInto('team_aliases')
      .values(rows)
      .onConflict((oc) => oc.columns(['scope', 'alias_key']).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}
