import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

type Prepare = (source: string) => SqliteDatabase.Statement;

/** An in-process database's statement preparer, by the Kysely adapter its instance and transactions share. */
const preparers = new WeakMap<object, Prepare>();

/** Lets a transaction of `db`, a SQLite database in process, run statements directly (rowWriterOf). */
export function registerRowWriter(db: Kysely<Database>, prepare: Prepare): void {
  preparers.set(db.getExecutor().adapter, prepare);
}

/**
 * The preparer of statements on the connection a SQLite transaction holds, to run its writes directly and
 * synchronously; undefined on PostgreSQL and outside a transaction, where the connection may be serving
 * another query (Kysely queues those; a direct write would slip in between).
 */
export function rowWriterOf(db: Kysely<Database>): Prepare | undefined {
  return db.isTransaction ? preparers.get(db.getExecutor().adapter) : undefined;
}
