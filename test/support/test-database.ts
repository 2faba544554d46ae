// A fresh, isolated database for one test (or one group of tests), on the engine the test run selects:
// TOUCHLINE_TEST_ENGINE=sqlite (the default) or postgres. Each call gets its own SQLite file or its own
// PostgreSQL database, so concurrent test files and concurrent test runs never see each other's rows.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openStorage, type Engine, type Storage } from '../../src/storage/connection.js';
import { migrateToLatest } from '../../src/storage/migrations/migrate.js';

/** The maintenance database test databases are created from and dropped through. */
export const DEFAULT_PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** ICU's English order with punctuation and spaces ignored at the first level, as glibc's en_US sorts. */
const LINGUISTIC_LOCALE = 'en-US-u-ka-shifted';

export interface TestDatabase {
  engine: Engine;
  /** A `DATABASE_URL` for the new, empty database. */
  url: string;
  /** Removes the database (SQLite: its folder; PostgreSQL: drops it, ending open connections). Idempotent. */
  drop(): Promise<void>;
}

/** The engine this test run targets, from TOUCHLINE_TEST_ENGINE. */
export function testEngine(): Engine {
  const raw = process.env.TOUCHLINE_TEST_ENGINE ?? '';
  if (raw === '' || raw === 'sqlite') return 'sqlite';
  if (raw === 'postgres') return 'postgres';
  throw new Error(`TOUCHLINE_TEST_ENGINE must be sqlite or postgres, got "${raw}"`);
}

/** The PostgreSQL admin URL, from TOUCHLINE_TEST_PG_URL. */
export function pgAdminUrl(): string {
  return process.env.TOUCHLINE_TEST_PG_URL || DEFAULT_PG_ADMIN_URL;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgAdminUrl(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}

function createSqlite(file: string): TestDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-db-'));
  return {
    engine: 'sqlite',
    url: `sqlite:${path.join(dir, file)}`,
    drop: once(async () => fs.rmSync(dir, { recursive: true, force: true })),
  };
}

async function createPostgres(): Promise<TestDatabase> {
  // Lower case letters, digits and underscores only, so the name needs no quoting anywhere.
  const name = `touchline_t_${process.pid}_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(async (client) => {
    try {
      // A linguistic default collation (like en_US: case, spaces and punctuation ignored at first), so a
      // query whose order depends on the database's locale gives a different answer here than on SQLite.
      await client.query(
        `CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE '${LINGUISTIC_LOCALE}'`,
      );
    } catch {
      // A server without ICU (or older than PostgreSQL 15): its own default collation.
      await client.query(`CREATE DATABASE ${name}`);
    }
  });
  const url = new URL(pgAdminUrl());
  url.pathname = `/${name}`;
  return {
    engine: 'postgres',
    url: url.toString(),
    drop: once(() =>
      withAdmin(async (client) => {
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
    ),
  };
}

/**
 * A new, empty database on the selected engine; `file` names the SQLite file (in a folder of its own) and
 * is ignored on PostgreSQL. The caller must `drop()` it when done.
 */
export async function createTestDatabase(file = 'test.db'): Promise<TestDatabase> {
  if (!/^[\w.-]+$/.test(file)) throw new Error(`createTestDatabase: bad file name "${file}"`);
  return testEngine() === 'postgres' ? createPostgres() : createSqlite(file);
}

export interface TestStorage extends Storage {
  /** The database's `DATABASE_URL`, for a child process such as the command line. */
  url: string;
}

/** A new database, migrated and opened; its `close()` also removes it. */
export async function openTestStorage(name = 'test.db'): Promise<TestStorage> {
  const database = await createTestDatabase(name);
  const storage = openStorage(database.url);
  const close = async () => {
    try {
      await storage.close();
    } finally {
      await database.drop();
    }
  };
  try {
    await migrateToLatest(storage);
  } catch (error) {
    await close();
    throw error;
  }
  return { ...storage, url: database.url, close };
}
