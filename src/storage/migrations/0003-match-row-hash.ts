import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// A digest of the normalized match row: a re-import compares digests instead of reading every column.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  await db.schema.alterTable('matches').addColumn('row_hash', text).execute();
}
