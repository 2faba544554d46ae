import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

export interface Storage {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

function openSqlite(file: string): Storage {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets API readers proceed while an ingestion process holds the write lock.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 10000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

function openPostgres(url: string): Storage {
  // Short connect and query timeouts: while the database is away, requests fail fast (and answer 503)
  // instead of queueing; the pool opens new connections by itself once it is back.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 1000,
    query_timeout: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor a checked-out one: pg-pool listens for errors on idle clients only, and a client whose connection
  // drops mid-query emits 'error' as well as failing the query (which answers 503). The pool discards it
  // on release, as it is no longer queryable.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}

export function openStorage(databaseUrl: string): Storage {
  if (databaseUrl.startsWith('sqlite:')) return openSqlite(databaseUrl.slice('sqlite:'.length));
  return openPostgres(databaseUrl);
}
