// The invalidation log and the records' versions (migration 0016), on both engines: every process reading
// them agrees on each answer's version, however long it has followed the log, and one that lost its
// thread (rows pruned, or a database restored under it) reads the versions again instead of guessing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DatasetGeneration } from '../../src/cache/dataset-generation.js';
import type { Storage } from '../../src/storage/connection.js';
import {
  EVERYTHING,
  invalidationOf,
  recordInvalidation,
  type Invalidation,
} from '../../src/storage/repositories/invalidation.repository.js';
import { openTestStorage } from '../support/test-database.js';

describe('storage: invalidation log', () => {
  let storage: Storage;
  const record = (invalidation: Invalidation) =>
    storage.db
      .transaction()
      .execute((trx) => recordInvalidation(trx, storage.engine, invalidation, new Date()));
  const following = async () => {
    const generation = new DatasetGeneration(storage.db, 60_000);
    await generation.refresh();
    return generation;
  };
  const versions = (generation: DatasetGeneration) =>
    ['match_a', 'match_b', 'season_a', 'team_unnamed'].map((id) => generation.versionOf([id]));

  before(async () => {
    storage = await openTestStorage('invalidations.db');
  });
  after(() => storage.close());

  it('names records: their answers move, the others stay, and late starters agree with early ones', async () => {
    const early = await following();
    const start = versions(early);
    const wide = early.current;
    await record(invalidationOf(['match_a', 'season_a']));
    await early.refresh();
    const [matchA, matchB, seasonA, unnamed] = versions(early);
    assert.notEqual(matchA, start[0]);
    assert.equal(matchB, start[1], 'an unnamed match keeps its version');
    assert.equal(seasonA, matchA, 'named by the same change');
    assert.equal(unnamed, start[3]);
    assert.notEqual(early.current, wide, 'answers about many records move with every change');

    await record(invalidationOf([]));
    await early.refresh();
    assert.deepEqual(versions(early), [matchA, matchB, seasonA, unnamed], 'a change naming nothing');

    const late = await following();
    assert.deepEqual(versions(late), versions(early), 'a process started later reads the same versions');
    assert.equal(late.current, early.current);
  });

  it('a change of everything moves every version and tells the listeners', async () => {
    const generation = await following();
    const before = versions(generation);
    let told = 0;
    generation.onChange(() => (told += 1));
    await record(EVERYTHING);
    await generation.refresh();
    const now = versions(generation);
    for (let i = 0; i < now.length; i += 1) assert.notEqual(now[i], before[i]);
    assert.equal(told, 1);
    assert.deepEqual(versions(await following()), now);
  });

  it('too many records named is a change of everything', async () => {
    const generation = await following();
    const before = generation.versionOf(['team_unnamed']);
    await record(invalidationOf(Array.from({ length: 5001 }, (_, i) => `match_${i}`)));
    await generation.refresh();
    assert.notEqual(generation.versionOf(['team_unnamed']), before);
  });

  it('a process whose rows were pruned reads the versions again, and agrees with the others', async () => {
    const behind = await following();
    await record(invalidationOf(['match_a']));
    await record(invalidationOf(['match_b']));
    // Pruned as ROWS_KEPT would after many more changes: the rows this process has not read are gone.
    const newest = await storage.db
      .selectFrom('invalidations')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirstOrThrow();
    await storage.db.deleteFrom('invalidations').where('seq', '<', Number(newest.seq)).execute();
    await behind.refresh();
    assert.deepEqual(versions(behind), versions(await following()));
  });

  it('a log that cannot be read leaves a process its versions, and it catches up once it can', async () => {
    const generation = await following();
    const before = versions(generation);
    await storage.db.schema.alterTable('invalidations').renameTo('invalidations_away').execute();
    try {
      await record(invalidationOf(['match_a'])).catch(() => undefined);
      await assert.rejects(generation.refresh(), 'the read fails, and says so to its caller');
      assert.deepEqual(versions(generation), before, 'versions as they were: nothing guessed');
    } finally {
      await storage.db.schema.alterTable('invalidations_away').renameTo('invalidations').execute();
    }
    await record(invalidationOf(['match_a']));
    await generation.refresh();
    assert.notEqual(generation.versionOf(['match_a']), before[0]);
    assert.deepEqual(versions(generation), versions(await following()));
  });

  it('a log older than what a process read (a database restored under it) is read again', async () => {
    const generation = await following();
    const before = versions(generation);
    await storage.db.deleteFrom('invalidations').execute();
    await storage.db.deleteFrom('record_versions').execute();
    // An older database's log: its one change of everything numbered below what the process has read.
    const recorded_at = new Date(Date.now() + 60_000).toISOString();
    await storage.db.insertInto('invalidations').values({ seq: 1, scopes: '*', recorded_at }).execute();
    await storage.db.insertInto('record_versions').values({ record_id: '*', seq: 1, recorded_at }).execute();
    await generation.refresh();
    const now = versions(generation);
    for (let i = 0; i < now.length; i += 1) assert.notEqual(now[i], before[i], 'no version of before again');
  });
});
