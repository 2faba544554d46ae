import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// Tombstones in the change log (issue 19): a record an ingestion removed (a match its source no longer
// sends) is logged like a change, with `removed` set and, when the run can tell, the record that took its
// place. Rows logged before are changes, not removals.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await db.schema
    .alterTable('changes')
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('changes').addColumn('replaced_by', textType(engine)).execute();
}
