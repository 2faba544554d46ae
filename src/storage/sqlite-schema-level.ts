import type SqliteDatabase from 'better-sqlite3';
import { MIGRATION_NAMES } from './migrations/migrate.js';

/** Which of this version's migrations a database file has, and any it has that this version lacks. */
export interface SchemaLevel {
  applied: string[];
  /** Migrations of a newer Touchline: this version cannot know what they changed. */
  unknown: string[];
}

/** A file that is a SQLite database but not Touchline's (no migration table). */
export class NotTouchlineError extends Error {}

/** The migrations recorded in the database open on `sqlite`. */
export function readSchemaLevel(sqlite: SqliteDatabase.Database): SchemaLevel {
  const table = sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'touchline_migrations'")
    .get();
  if (!table) throw new NotTouchlineError('it has no touchline_migrations table');
  const names = (
    sqlite.prepare('select name from touchline_migrations order by name').pluck().all() as string[]
  ).map(String);
  const known = new Set(MIGRATION_NAMES);
  return { applied: names.filter((n) => known.has(n)), unknown: names.filter((n) => !known.has(n)) };
}

/** `0014-key-rotation`, or `none` for a database no migration has run on. */
export function latestOf(level: SchemaLevel): string {
  return [...level.applied, ...level.unknown].sort().at(-1) ?? 'none';
}
