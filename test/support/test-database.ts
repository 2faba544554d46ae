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
import {
  copySqliteTemplate,
  hashOfFiles,
  postgresTemplate,
  REPOSITORY,
  sqliteTemplate,
  withPgClient,
} from './database-template.js';

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

function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  return withPgClient(pgAdminUrl(), run);
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

/** A new database's name: lower case letters, digits and underscores only, so it needs no quoting anywhere. */
const newPgName = () => `touchline_t_${process.pid}_${crypto.randomBytes(6).toString('hex')}`;

function pgUrlOf(name: string): string {
  const url = new URL(pgAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function createEmptyPg(client: pg.Client, name: string): Promise<void> {
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
}

function pgDatabase(name: string): TestDatabase {
  return {
    engine: 'postgres',
    url: pgUrlOf(name),
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

async function createPostgres(): Promise<TestDatabase> {
  const name = newPgName();
  await withAdmin((client) => createEmptyPg(client, name));
  return pgDatabase(name);
}

/**
 * A new, empty database on the selected engine (or on `engine`, for a test of one engine's setup whatever
 * the run selects); `file` names the SQLite file (in a folder of its own) and
 * is ignored on PostgreSQL. The caller must `drop()` it when done.
 */
export async function createTestDatabase(
  file = 'test.db',
  engine: Engine = testEngine(),
): Promise<TestDatabase> {
  if (!/^[\w.-]+$/.test(file)) throw new Error(`createTestDatabase: bad file name "${file}"`);
  return engine === 'postgres' ? createPostgres() : createSqlite(file);
}

/** A database built once (see database-template.ts) and copied for each test that asks for it. */
export interface DatabaseTemplate {
  /** Lower case letters and digits: names the template's file or database. */
  kind: string;
  /** Changes whenever what the build reads changes (hashOfFiles of it). */
  key: () => string;
  /** Fills the empty database at `url` and closes every connection it opened. */
  build: (url: string) => Promise<void>;
  /** PostgreSQL's way of copying: FILE_COPY for a large template (one checkpoint), else WAL_LOG. */
  large?: boolean;
}

/** Builds `template` on the selected engine unless it is there already; returns its file or database name. */
export async function prepareTemplate(template: DatabaseTemplate): Promise<string> {
  const key = template.key();
  if (testEngine() === 'sqlite') {
    return sqliteTemplate(template.kind, key, (at) => template.build(`sqlite:${at}`));
  }
  return postgresTemplate(pgAdminUrl(), template.kind, key, createEmptyPg, (name) =>
    template.build(pgUrlOf(name)),
  );
}

/** A new database on the selected engine, a copy of `template` (built first if it is not there yet). */
export async function createTemplateCopy(
  template: DatabaseTemplate,
  file = 'test.db',
): Promise<TestDatabase> {
  if (!/^[\w.-]+$/.test(file)) throw new Error(`createTemplateCopy: bad file name "${file}"`);
  const built = await prepareTemplate(template);
  if (testEngine() === 'sqlite') {
    const database = createSqlite(file);
    copySqliteTemplate(built, database.url.slice('sqlite:'.length));
    return database;
  }
  const name = newPgName();
  const strategy = template.large ? 'FILE_COPY' : 'WAL_LOG';
  await withAdmin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${built} STRATEGY ${strategy}`));
  return pgDatabase(name);
}

/** The schema every migration makes, on an empty database. */
const MIGRATED: DatabaseTemplate = {
  kind: 'migrated',
  key: memo(() => hashOfFiles([path.join(REPOSITORY, 'src/storage')])),
  build: async (url) => {
    const storage = openStorage(url);
    try {
      await migrateToLatest(storage);
    } finally {
      await storage.close();
    }
  },
};

function memo<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

export interface TestStorage extends Storage {
  /** The database's `DATABASE_URL`, for a child process such as the command line. */
  url: string;
}

/** A new database, migrated (a copy of the migrated template) and opened; its `close()` also removes it. */
export async function openTestStorage(name = 'test.db'): Promise<TestStorage> {
  return openTemplateCopy(MIGRATED, name);
}

/** A new copy of `template`, opened; its `close()` also removes it. */
export async function openTemplateCopy(template: DatabaseTemplate, name = 'test.db'): Promise<TestStorage> {
  const database = await createTemplateCopy(template, name);
  let storage: Storage;
  try {
    storage = openStorage(database.url);
  } catch (error) {
    await database.drop();
    throw error;
  }
  const close = async () => {
    try {
      await storage.close();
    } finally {
      await database.drop();
    }
  };
  return { ...storage, url: database.url, close };
}
