import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';
import { writeAllMatchJson } from '../repositories/match-json.js';
import { refreshPlannerStatistics } from '../planner-statistics.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// Each match's JSON as the API lists it, stored by SQLite so that a page of matches reads one text value
// per match instead of joining four tables and building the JSON on every request. Existing matches get
// theirs here; from then on the run that changes a match or its names writes it (match-json.ts).
// Clustered on the match ID on SQLite: a page reads each match's JSON in one B-tree descent.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  await db.schema
    .createTable('match_json')
    .addColumn('id', text, (c) => c.primaryKey().references('matches.id'))
    .addColumn('json', text, (c) => c.notNull())
    .$call((table) => (engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  if (engine === 'sqlite') await writeAllMatchJson(db);
  // The match lists' new query shapes are planned well only with statistics.
  await refreshPlannerStatistics(db, engine);
}
