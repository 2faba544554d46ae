import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** What the change feed lists, in the order a new database fills it: containers before their contents. */
const KINDS = [
  ['competition', 'competitions'],
  ['season', 'seasons'],
  ['team', 'teams'],
  ['match', 'matches'],
] as const;

// The change feed (GET /football/changes): one row per record whose served fields changed, at the
// sequence number of its latest change (a record changed again moves to the end), so that the table
// holds one row per record and a page is an index range. Filled at once with every stored record.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  await db.schema
    .createTable('changes')
    .addColumn('seq', engine === 'postgres' ? 'bigserial' : 'integer', (c) =>
      engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('kind', text, (c) => c.notNull())
    .addColumn('record_id', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('changes_record')
    .on('changes')
    .columns(['kind', 'record_id'])
    .unique()
    .execute();
  for (const [kind, table] of KINDS) {
    await sql`insert into changes (kind, record_id) select ${kind}, id from ${sql.table(table)} order by id`.execute(
      db,
    );
  }
}
