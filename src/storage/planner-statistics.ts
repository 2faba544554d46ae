import { sql, type Kysely, type Transaction } from 'kysely';
import type { Engine } from './connection.js';
import type { Database } from './schema.js';

/**
 * Rows sampled per index. SQLite's default reads every row; a sample keeps a run's analysis constant in
 * the size of the archive (about 40 ms for football.json) and is plenty to tell a team's index from a
 * status's.
 */
const ANALYSIS_LIMIT = 400;

/**
 * Refreshes the statistics SQLite's query planner chooses indexes by, after a run changed the data.
 * Without them it guesses: a team's matches filtered by status and dates were read through the status
 * index, every finished match of the period (5-8 ms a page on football.json instead of 0.06 ms).
 * PostgreSQL is left to its autovacuum, which analyzes a table once enough of it changed.
 */
export async function refreshPlannerStatistics(
  db: Kysely<Database> | Transaction<Database>,
  engine: Engine,
): Promise<void> {
  if (engine !== 'sqlite') return;
  await sql`pragma analysis_limit = ${sql.lit(ANALYSIS_LIMIT)}`.execute(db);
  await sql`analyze`.execute(db);
}
