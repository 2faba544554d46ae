import type { Kysely } from 'kysely';
import { refreshDerivedCounts } from '../repositories/derived-counts.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// How many seasons of a competition have a table, published or computed from its results: the coverage
// flag for standings. Filled at once for data ingested before.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('table_season_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await refreshDerivedCounts(db, new Date().toISOString());
}
