// Whether the counts competitions and seasons carry (derived-counts.ts) are what a full recount gives: an
// ingestion run recounts only the competitions its writes touched, so a recount of every one, after any
// run, must find nothing to write.
import assert from 'node:assert/strict';
import { refreshDerivedCounts } from '../../src/storage/repositories/derived-counts.js';
import type { Storage } from '../../src/storage/connection.js';

class Recounted extends Error {
  constructor(readonly written: { seasons: string[]; competitions: string[] }) {
    super('rolled back');
  }
}

/** What a full recount would write, left unwritten (its transaction rolled back). */
export async function fullRecount(storage: Storage): Promise<{ seasons: string[]; competitions: string[] }> {
  try {
    await storage.db.transaction().execute(async (trx) => {
      const { seasons, competitions } = await refreshDerivedCounts(trx, new Date().toISOString());
      throw new Recounted({ seasons, competitions });
    });
  } catch (error) {
    if (error instanceof Recounted) return error.written;
    throw error;
  }
  throw new Error('unreachable: the recount always rolls back');
}

/** Fails, naming them, when any competition's or season's stored counts differ from a full recount's. */
export async function assertCountsExact(storage: Storage, after: string): Promise<void> {
  assert.deepEqual(await fullRecount(storage), { seasons: [], competitions: [] }, `counts after ${after}`);
}
