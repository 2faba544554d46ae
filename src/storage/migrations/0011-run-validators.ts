import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// Scheduled refresh. A run read from a URL keeps the validators its server sent with the artifact (ETag,
// Last-Modified), so that the next refresh of that location asks whether it changed since (a 304 is an
// "unchanged" run). Runs are looked up per source (the newest, the failures since it), hence the index.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  await db.schema.alterTable('ingestion_runs').addColumn('etag', text).execute();
  await db.schema.alterTable('ingestion_runs').addColumn('last_modified', text).execute();
  await db.schema
    .createIndex('ingestion_runs_source')
    .on('ingestion_runs')
    .columns(['source', 'id'])
    .execute();
}
