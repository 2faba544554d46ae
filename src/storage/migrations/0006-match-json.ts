import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';
import { refreshPlannerStatistics } from '../planner-statistics.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// Each match's JSON as the API lists it, stored by SQLite so that a page of matches reads one text value
// per match instead of joining four tables and building the JSON on every request; the run that changes a
// match or its names writes it (match-json.ts). This first table, clustered on the match ID, was filled
// here; 0007 replaced it with one clustered on kick-off time and fills that, so it is now left empty.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  await db.schema
    .createTable('match_json')
    .addColumn('id', text, (c) => c.primaryKey().references('matches.id'))
    .addColumn('json', text, (c) => c.notNull())
    .$call((table) => (engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  // The match lists' new query shapes are planned well only with statistics.
  await refreshPlannerStatistics(db, engine);
}
