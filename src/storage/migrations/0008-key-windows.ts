import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// The per-minute windows of the in-process counters, so that a restart, a crash included, does not give
// every key a fresh minute. Requests are grouped in slots (`at`: the slot's end, in ms since the epoch);
// rows older than a minute are deleted as new ones are written.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await db.schema
    .createTable('key_windows')
    .addColumn('key_id', textType(engine), (c) => c.notNull().references('api_keys.id'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('key_windows_pk', ['key_id', 'at'])
    .execute();
}
