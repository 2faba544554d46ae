// The counters' flush (UsageLedger, every TOUCHLINE_USAGE_FLUSH_MS in the process holding them), on both
// engines: counts and window slots add up across flushes and processes, many rows go in one call (SQLite: a
// statement run per row; PostgreSQL: statements of many rows), in steps between which the process answers
// what waits (the cluster primary's IPC), a failing flush writes nothing, and the slots a minute old are
// deleted in steps too, each found through the index on `at` (migration 0018), not by reading the whole
// table, which grows with the keys in use.
import assert from 'node:assert/strict';
import { CompiledQuery } from 'kysely';
import { after, before, describe, it } from 'node:test';
import { issueApiKey } from '../../src/auth/api-keys.js';
import {
  addUsage,
  readUsage,
  readWindow,
  SLOTS_PER_STEP,
  staleSlotsStep,
  type WindowSlot,
} from '../../src/storage/repositories/key-usage.repository.js';
import { insertApiKey } from '../../src/storage/repositories/api-key.repository.js';
import { openTestStorage, type TestStorage } from '../support/test-database.js';

const PERIOD = '2026-11-01T00:00:00.000Z';

/** How many times the event loop turned while `work` was pending (a flush synchronous on SQLite: none). */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let pending = true;
  const turn = () => {
    if (!pending) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    await work;
  } finally {
    pending = false;
  }
  return turns;
}
const NOW = Date.parse('2026-11-24T12:00:00.000Z');

describe('storage: key usage flush', () => {
  let storage: TestStorage;
  const keyIds: string[] = [];

  before(async () => {
    storage = await openTestStorage('key-usage-flush.db');
    for (let i = 0; i < 3; i += 1) {
      const issued = issueApiKey('production', `flush ${i}`, new Date(NOW), undefined, { plan: 'free' });
      await insertApiKey(storage.db, issued.row);
      keyIds.push(issued.row.id);
    }
  });
  after(() => storage.close());

  const flush = (deltas: number[], slots: WindowSlot[], now = NOW) =>
    addUsage(storage.db, {
      deltas: deltas.map((count, i) => ({ keyId: keyIds[i]!, periodStart: PERIOD, count })),
      slots,
      windowStart: now - 60_000,
      now: new Date(now).toISOString(),
    });

  it('adds counts and slots to what is stored, as several processes flushing would', async () => {
    await flush([5, 1], [{ keyId: keyIds[0]!, at: NOW - 100, count: 5 }]);
    await flush(
      [2, 0, 4],
      [
        { keyId: keyIds[0]!, at: NOW - 100, count: 2 },
        { keyId: keyIds[0]!, at: NOW, count: 1 },
      ],
    );
    assert.deepEqual(await Promise.all(keyIds.map((id) => readUsage(storage.db, id, PERIOD))), [7, 1, 4]);
    assert.deepEqual(await readWindow(storage.db, keyIds[0]!, NOW - 60_000), [
      { at: NOW - 100, count: 7 },
      { at: NOW, count: 1 },
    ]);
  });

  it('writes more slots than one statement takes, and drops those a minute old', async () => {
    const id = keyIds[1]!;
    const slots = Array.from({ length: 2500 }, (_, i) => ({
      keyId: id,
      at: NOW - 120_000 + 100 * i,
      count: 1,
    }));
    await flush([], slots, NOW);
    // Slots end at or before the window's start are gone: from NOW - 120,000 to NOW - 120,000 + 100 * 600.
    const kept = await readWindow(storage.db, id, 0);
    assert.equal(kept.length, 2500 - 601);
    assert.equal(kept[0]!.at, NOW - 120_000 + 100 * 601);
    await flush([], [{ keyId: id, at: NOW + 100, count: 3 }], NOW + 50_000);
    const left = await readWindow(storage.db, id, 0);
    assert.equal(left[0]!.at, NOW - 10_000 + 100, 'older slots deleted by the next flush');
    assert.equal(left.find((slot) => slot.at === NOW + 100)?.count, 4, 'added to the slot stored');
  });

  it('writes nothing of a flush that fails (a slot of no key), so the counts can be offered again', async () => {
    const id = keyIds[2]!;
    const usage = await readUsage(storage.db, id, PERIOD);
    const window = await readWindow(storage.db, id, 0);
    await assert.rejects(
      flush(
        [0, 0, 9],
        [
          { keyId: id, at: NOW + 200, count: 9 },
          { keyId: 'key_missing', at: NOW + 200, count: 1 },
        ],
      ),
    );
    assert.equal(await readUsage(storage.db, id, PERIOD), usage);
    assert.deepEqual(await readWindow(storage.db, id, 0), window);
  });

  it('writes many slots in steps, letting the event loop turn between them, all or nothing', async () => {
    const id = keyIds[2]!;
    const slots = (from: number) =>
      Array.from({ length: 3 * SLOTS_PER_STEP }, (_, i) => ({ keyId: id, at: from + i, count: 1 }));
    const turns = await turnsDuring(flush([], slots(NOW + 1000)));
    // Written at once, the flush (synchronous on SQLite) would end before the loop turned once.
    assert.ok(turns >= 3, `the event loop turned ${turns} times during the flush`);
    const window = await readWindow(storage.db, id, 0);
    assert.equal(window.filter((slot) => slot.at > NOW + 1000 - 1).length, 3 * SLOTS_PER_STEP);
    // A slot of no key in the last step: the steps before it are not kept either.
    await assert.rejects(
      flush([], [...slots(NOW + 10_000), { keyId: 'key_missing', at: NOW + 20_000, count: 1 }]),
    );
    assert.deepEqual(await readWindow(storage.db, id, 0), window);
  });

  it('deletes many slots a minute old in steps, letting the event loop turn between them', async () => {
    const id = keyIds[1]!;
    const old = Array.from({ length: 3 * SLOTS_PER_STEP + 7 }, (_, i) => ({
      keyId: id,
      at: NOW + 100_000 + i,
      count: 1,
    }));
    await flush([], old, NOW);
    // A flush of one slot, two minutes on: every slot above is a minute old.
    const turns = await turnsDuring(flush([], [{ keyId: id, at: NOW + 300_000, count: 1 }], NOW + 300_000));
    assert.ok(turns >= 4, `the event loop turned ${turns} times during the flush`);
    assert.deepEqual(await readWindow(storage.db, id, 0), [{ at: NOW + 300_000, count: 1 }]);
  });

  it('finds the slots a minute old by their index, not by reading the table', async (t) => {
    if (storage.engine !== 'sqlite')
      return t.skip('the plan is checked on SQLite, where a flush holds the process');
    const step = staleSlotsStep(storage.db, NOW).compile();
    const plan = await storage.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${step.sql}`, [...step.parameters]),
    );
    const details = plan.rows.map((row) => row.detail).join('\n');
    assert.match(details, /USING (COVERING )?INDEX key_windows_at/);
    assert.doesNotMatch(details, /SCAN key_windows(?! USING)/);
  });
});
