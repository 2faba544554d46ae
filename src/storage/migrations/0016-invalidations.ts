import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// Per-record cache invalidation (issue 19). Every transaction that changes served data adds a row to
// `invalidations` naming what it changed, and moves each record it names to that row's sequence number in
// `record_versions` (src/storage/repositories/invalidation.repository.ts). Serving processes follow the
// log, a starting one reads the versions: one row per record ever named, whatever the log has let go. The
// row added here, a change of everything, stands for all stored before: answers of a database migrated
// now are keyed after it.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  const seq = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('invalidations')
    .addColumn('seq', engine === 'postgres' ? 'bigserial' : 'integer', (c) =>
      engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('scopes', text, (c) => c.notNull())
    .addColumn('recorded_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('record_versions')
    .addColumn('record_id', text, (c) => c.primaryKey())
    .addColumn('seq', seq, (c) => c.notNull())
    .addColumn('recorded_at', text, (c) => c.notNull())
    .execute();
  // A starting process reads the versions after the newest change of everything: an index range.
  await db.schema.createIndex('record_versions_seq').on('record_versions').columns(['seq']).execute();
  const now = new Date().toISOString();
  const { seq: first } = await db
    .insertInto('invalidations')
    .values({ scopes: '*', recorded_at: now })
    .returning('seq')
    .executeTakeFirstOrThrow();
  await db.insertInto('record_versions').values({ record_id: '*', seq: first, recorded_at: now }).execute();
}
