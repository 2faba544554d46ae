import assert from 'node:assert/strict';
import type { RawBuilder } from 'kysely';
import type { RunSummary } from '../../../src/ingest/runner.js';
import type { Storage } from '../../../src/storage/connection.js';
import { sql } from 'kysely';
import { ingestFjelstul, openDb, tempDir, writeTables } from './fixtures.js';
import { sampleTables } from './sample-dataset.js';

export const FINAL = 'M-2022-64';

export async function rows<T>(storage: Storage, query: RawBuilder<unknown>): Promise<T[]> {
  return (await (query as RawBuilder<T>).execute(storage.db)).rows;
}

/** The stored match ID of a Fjelstul match, through its provenance row. */
export async function matchIdOf(storage: Storage, key: string): Promise<string> {
  const [row] = await rows<{ match_id: string }>(
    storage,
    sql`select match_id from match_sources where source_key = ${key}`,
  );
  assert.ok(row, `no match for ${key}`);
  return row.match_id;
}

export interface SampleRun {
  storage: Storage;
  run: RunSummary;
  /** The folder ingested. */
  location: string;
  finalId: string;
  close(): Promise<void>;
}

/** The sample dataset written to a temporary folder and ingested into a new SQLite database there. */
export async function ingestSample(): Promise<SampleRun> {
  const tmp = tempDir();
  writeTables(tmp.dir, sampleTables());
  const storage = await openDb();
  const run = await ingestFjelstul(storage, tmp.dir);
  assert.equal(run.outcome, 'succeeded', run.error ?? '');
  return {
    storage,
    run,
    location: tmp.dir,
    finalId: await matchIdOf(storage, FINAL),
    close: async () => {
      await storage.close();
      tmp.cleanup();
    },
  };
}
