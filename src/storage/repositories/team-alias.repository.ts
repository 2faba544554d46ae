import { sql, type Kysely, type Transaction } from 'kysely';
import { sourceRank } from '../../provenance/sources.js';
import type { Database, TeamAliasTable } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function loadAliases(
  db: Db,
): Promise<Array<Pick<TeamAliasTable, 'scope' | 'alias_key' | 'team_id'>>> {
  return db.selectFrom('team_aliases').select(['scope', 'alias_key', 'team_id']).execute();
}

type NewAlias = Omit<TeamAliasTable, 'created_at'>;

/**
 * Credits stored aliases that `rows` also spell (for the same team) to the best-ranked source using them,
 * so an alias row does not depend on the order the sources were ingested in.
 */
async function creditBestSource(db: Db, rows: readonly NewAlias[]): Promise<number> {
  const bySource = new Map<string, NewAlias[]>();
  for (const row of rows) {
    const list = bySource.get(row.source) ?? [];
    list.push(row);
    bySource.set(row.source, list);
  }
  let updated = 0;
  for (const [source, mine] of bySource) {
    const stored = await db
      .selectFrom('team_aliases')
      .select(['scope', 'alias_key', 'team_id', 'source'])
      .where(sql<string>`scope || '|' || alias_key`, 'in', [
        ...new Set(mine.map((a) => `${a.scope}|${a.alias_key}`)),
      ])
      .execute();
    const incoming = new Map(mine.map((a) => [`${a.scope}|${a.alias_key}`, a]));
    for (const s of stored) {
      const offered = incoming.get(`${s.scope}|${s.alias_key}`);
      if (offered?.team_id !== s.team_id) continue;
      if (sourceRank(source) >= sourceRank(s.source)) continue;
      await db
        .updateTable('team_aliases')
        .set({ source, alias: offered.alias })
        .where('scope', '=', s.scope)
        .where('alias_key', '=', s.alias_key)
        .execute();
      updated += 1;
    }
  }
  return updated;
}

/**
 * Adds alias rows that are not stored yet; an existing alias is never re-pointed (it keeps its team's ID),
 * but is credited to the best-ranked source that uses it. Returns the rows written.
 */
export async function insertNewAliases(db: Db, aliases: readonly NewAlias[], now: string): Promise<number> {
  let written = 0;
  for (let i = 0; i < aliases.length; i += 1000) {
    const chunk = aliases.slice(i, i + 1000);
    const rows = chunk.map((a) => ({ ...a, created_at: now }));
    const result = await db
      .insertInto('team_aliases')
      .values(rows)
      .onConflict((oc) => oc.columns(['scope', 'alias_key']).doNothing())
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0);
    written += await creditBestSource(db, chunk);
  }
  return written;
}
