import type { Kysely, Transaction } from 'kysely';
import type { ChangeTable, Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;
export type ChangeKind = ChangeTable['kind'];

/** IDs per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

/**
 * Logs that these records' served fields changed: each moves to the end of the log (its older row goes),
 * so the log keeps one row per record and a reader after any cursor finds each changed record once.
 * Call it inside the transaction that made the change, so the log commits with it.
 */
export async function logChanges(db: Db, kind: ChangeKind, ids: Iterable<string>): Promise<number> {
  const unique = [...new Set(ids)];
  for (let from = 0; from < unique.length; from += CHUNK) {
    const chunk = unique.slice(from, from + CHUNK);
    await db.deleteFrom('changes').where('kind', '=', kind).where('record_id', 'in', chunk).execute();
    await db
      .insertInto('changes')
      .values(chunk.map((id) => ({ kind, record_id: id })))
      .execute();
  }
  return unique.length;
}

export interface ChangeRow {
  seq: number;
  kind: ChangeKind;
  recordId: string;
}

/** Changes after `since`, oldest first: an index range on the primary key. */
export async function readChanges(db: Db, since: number, limit: number): Promise<ChangeRow[]> {
  const rows = await db
    .selectFrom('changes')
    .selectAll()
    .where('seq', '>', since)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    seq: Number(r.seq),
    kind: r.kind,
    recordId: r.record_id,
  }));
}

/** The newest sequence number logged, 0 for an empty log. */
export async function latestChange(db: Db): Promise<number> {
  const row = await db
    .selectFrom('changes')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** What a run changed, for the log: records it wrote, and the containers whose served names changed. */
export interface RunChanges {
  competitions: readonly string[];
  seasons: readonly string[];
  teams: readonly string[];
  matches: readonly string[];
  /** Whose names a match shows: their matches' served fields changed with them. */
  renamed: { competitions: readonly string[]; seasons: readonly string[]; teams: readonly string[] };
}

async function matchesShowing(db: Db, renamed: RunChanges['renamed']): Promise<string[]> {
  const ids: string[] = [];
  const of = async (
    column: 'competition_id' | 'season_id' | 'home_team_id' | 'away_team_id',
    values: readonly string[],
  ) => {
    for (let from = 0; from < values.length; from += CHUNK) {
      const rows = await db
        .selectFrom('matches')
        .select('id')
        .where(column, 'in', values.slice(from, from + CHUNK))
        .execute();
      for (const row of rows) ids.push(row.id);
    }
  };
  await of('competition_id', renamed.competitions);
  await of('season_id', renamed.seasons);
  await of('home_team_id', renamed.teams);
  await of('away_team_id', renamed.teams);
  return ids;
}

/**
 * Logs a run's changes in the order a reader applies them: competitions, seasons, teams, then matches
 * (those written and those showing a renamed team, competition or season). Returns the rows logged.
 */
export async function logRunChanges(db: Db, changes: RunChanges): Promise<number> {
  return (
    (await logChanges(db, 'competition', changes.competitions)) +
    (await logChanges(db, 'season', changes.seasons)) +
    (await logChanges(db, 'team', changes.teams)) +
    (await logChanges(db, 'match', [...changes.matches, ...(await matchesShowing(db, changes.renamed))]))
  );
}
