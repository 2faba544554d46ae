import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { runIngestion, type RunSummary } from '../../src/ingest/runner.js';
import { SOURCES } from '../../src/ingest/sources.js';
import { openStorage, type Storage } from '../../src/storage/connection.js';
import { migrateToLatest } from '../../src/storage/migrations/migrate.js';
import { needsSharedData, SHARED } from './shared-data.js';
import { createTestDatabase } from './test-database.js';

export const WORLDCUP_JSON = path.join(SHARED, 'openfootball/worldcup.json');
export const FJELSTUL_TEAMS = path.join(SHARED, 'fjelstul-worldcup/data-csv/teams.csv');
export const FJELSTUL_MATCHES = path.join(SHARED, 'fjelstul-worldcup/data-csv/matches.csv');

/** The shared datasets' check (support/shared-data.ts), for a test that reads `location` from them. */
export function needsData(t: TestContext, location: string): boolean {
  if (!location.startsWith(SHARED)) throw new Error(`${location} is not in the shared datasets`);
  return needsSharedData(t);
}

/** Every match file of the worldcup.json repository, as `<year>/<name>.json` with its matches. */
export function worldcupMatchFiles(): Array<{ path: string; matches: Array<Record<string, unknown>> }> {
  const out = [];
  for (const year of fs
    .readdirSync(WORLDCUP_JSON)
    .filter((y) => /^\d{4}$/.test(y))
    .sort()) {
    for (const name of fs.readdirSync(path.join(WORLDCUP_JSON, year)).sort()) {
      const doc = JSON.parse(fs.readFileSync(path.join(WORLDCUP_JSON, year, name), 'utf8')) as unknown;
      if (typeof doc === 'object' && doc !== null && Array.isArray((doc as { matches?: unknown }).matches)) {
        out.push({
          path: `${year}/${name}`,
          matches: (doc as { matches: Array<Record<string, unknown>> }).matches,
        });
      }
    }
  }
  return out;
}

export interface TempStorage extends Storage {
  dir: string;
}

/**
 * A new, migrated database of its own on the engine under test, and a temporary folder for the test's
 * files; `close()` removes both.
 */
export async function openTempStorage(): Promise<TempStorage> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-wcjson-'));
  const database = await createTestDatabase();
  const storage = openStorage(database.url);
  const close = async () => {
    try {
      await storage.close();
      await database.drop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    await migrateToLatest(storage);
  } catch (error) {
    await close();
    throw error;
  }
  return { ...storage, dir, close };
}

export function ingestWorldcupJson(
  storage: Storage,
  from: string,
  options: { now?: string; clubs?: string } = {},
): Promise<RunSummary> {
  const now = options.now ?? '2026-08-01T00:00:00Z';
  return runIngestion(storage, {
    source: 'worldcup-json',
    location: from,
    load: () => SOURCES['worldcup-json']!({ from, clubs: options.clubs }),
    clock: () => new Date(now),
  });
}

/** Writes `doc` as JSON at `dir/relative`, creating folders. */
export function writeJson(dir: string, relative: string, doc: unknown): void {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 1));
}

export async function count(
  storage: Storage,
  table: Parameters<Storage['db']['selectFrom']>[0],
): Promise<number> {
  const row = await storage.db
    .selectFrom(table as 'matches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
