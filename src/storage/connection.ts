import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
import type { Database } from './schema.js';
import { SqliteLimitPlugin } from './sqlite-limit-plugin.js';
import { MissingDatabaseError, watchFileIdentity } from './sqlite-file.js';
import { ImmediateSqliteDialect, type WriteLockWait } from './sqlite-write-lock.js';
import { pgModule } from './pg-module.js';
import { registerRowWriter } from './sqlite-row-writer.js';

export type Engine = 'sqlite' | 'postgres';

export interface Storage {
  db: Kysely<Database>;
  engine: Engine;
  /**
   * In-process databases only (SQLite): runs a compiled read query synchronously, for the hot lookups
   * that must not wait on the event loop (see query-templates.ts).
   */
  readNow?: (query: CompiledQuery) => unknown[];
  /** The same, with each row's first column instead of the row: no object is built per row. */
  readColumnNow?: (query: CompiledQuery) => unknown[];
  /**
   * A database file only (SQLite): undefined while its path still names the file opened, else what
   * happened to it (deleted, or replaced by another file). One stat, for health checks, not per request.
   */
  fileChange?: () => string | undefined;
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * Whether a SQLite file (and its folder) missing at the path is created (the default) or refused with
   * a MissingDatabaseError. Only what creates a deployment (migrations, the first start) should create it.
   */
  create?: boolean;
  /**
   * SQLite: transactions begin IMMEDIATE and wait for the write lock as this says (for ingestion
   * processes; see sqlite-write-lock.ts). PostgreSQL ignores it.
   */
  writeLock?: WriteLockWait;
  /**
   * SQLite: bytes of the file read through a memory map rather than a read system call per page (the
   * API's random reads over the whole archive spend much of their time in those calls). 0, the default,
   * maps nothing. PostgreSQL ignores it.
   */
  mmapBytes?: number;
}

const STATEMENT_CACHE_SIZE = 500;
const BUSY_TIMEOUT_MS = 10_000;

type Prepare = (source: string) => SqliteDatabase.Statement;

/**
 * Reuses prepared statements by SQL text: Kysely asks better-sqlite3 to prepare every query anew, and
 * preparing costs more than running the small indexed queries the API makes. Statements run one at a
 * time on this connection, so sharing them is safe.
 */
function cachedStatements(prepare: Prepare): Prepare {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return (source) => {
    let statement = statements.get(source);
    if (!statement) {
      // Queries with IN lists of many lengths would grow this without end: start over when full.
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
      statement = prepare(source);
      statements.set(source, statement);
    }
    return statement;
  };
}

function connect(file: string, create: boolean): SqliteDatabase.Database {
  if (create) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return new SqliteDatabase(file);
  }
  try {
    return new SqliteDatabase(file, { fileMustExist: true });
  } catch (error) {
    if (!fs.existsSync(file)) throw new MissingDatabaseError(file);
    throw error;
  }
}

function openSqlite(location: string, options: OpenOptions): Storage {
  const { create = true, writeLock, mmapBytes = 0 } = options;
  const inMemory = location === ':memory:' || location === '';
  // Absolute, so that the file watched and named in messages is the one opened whatever the process does.
  const file = inMemory ? location : path.resolve(location);
  const sqlite = inMemory ? new SqliteDatabase(file) : connect(file, create);
  // WAL lets API readers proceed while an ingestion process holds the write lock.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('foreign_keys = ON');
  if (mmapBytes > 0) sqlite.pragma(`mmap_size = ${Math.floor(mmapBytes)}`);
  const prepare = sqlite.prepare.bind(sqlite) as Prepare;
  const rowsOf = cachedStatements(prepare);
  // Statements of their own: plucking is a statement's mode, and Kysely shares the others.
  const firstColumnOf = cachedStatements((source) => prepare(source).pluck());
  sqlite.prepare = rowsOf as typeof sqlite.prepare;
  const db = new Kysely<Database>({
    dialect: writeLock
      ? new ImmediateSqliteDialect(sqlite, writeLock, BUSY_TIMEOUT_MS)
      : new SqliteDialect({ database: sqlite }),
    plugins: [new SqliteLimitPlugin()],
  });
  registerRowWriter(db, rowsOf);
  return {
    db,
    engine: 'sqlite',
    readNow: (query) => rowsOf(query.sql).all(...query.parameters),
    readColumnNow: (query) => firstColumnOf(query.sql).all(...query.parameters),
    fileChange: inMemory ? undefined : watchFileIdentity(file),
    close: () => db.destroy(),
  };
}

function openPostgres(url: string): Storage {
  // Short connect and query timeouts: while the database is away, requests fail fast (and answer 503)
  // instead of queueing; the pool opens new connections by itself once it is back.
  const pool = new (pgModule().Pool)({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 1000,
    query_timeout: 10_000,
    idleTimeoutMillis: 30_000,
    // No JIT compilation of queries: its planner estimate counts an EXISTS subquery as if it ran per row,
    // so short queries of a few thousand rows were compiled for 300 ms to run for 40 (a player's career's
    // matches: 328 ms with JIT, 45 without). Touchline's queries are index reads, where JIT never pays.
    options: '-c jit=off',
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

export function openStorage(databaseUrl: string, options: OpenOptions = {}): Storage {
  if (databaseUrl.startsWith('sqlite:')) {
    return openSqlite(databaseUrl.slice('sqlite:'.length), options);
  }
  return openPostgres(databaseUrl);
}
