// The tail of the live-update log: from where the log stood when it started, in order, woken at once,
// and a hole in the event IDs (a rolled-back update) waited for briefly, then passed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openStorage, type Storage } from '../../../src/storage/connection.js';
import { migrateToLatest } from '../../../src/storage/migrations/migrate.js';
import type { LiveEvent } from '../../../src/stream/live-event.js';
import { LogTail } from '../../../src/stream/log-tail.js';
import { createTestDatabase } from '../../support/test-database.js';
import { waitUntil } from '../../support/wait-until.js';

async function emptyLog(t: { after(fn: () => unknown): void }): Promise<Storage> {
  const database = await createTestDatabase('tail.db');
  const storage = openStorage(database.url);
  t.after(async () => {
    await storage.close();
    await database.drop();
  });
  await migrateToLatest(storage);
  return storage;
}

/** A row of the log with its event ID chosen, as a transaction that took it would have committed it. */
async function row(storage: Storage, seq: number): Promise<void> {
  await storage.db
    .insertInto('live_events')
    .values({
      seq,
      match_id: 'match_a',
      competition_id: 'comp_a',
      update_id: `u${seq}`,
      sequence: seq,
      actor: 'test',
      applied_at: new Date().toISOString(),
      payload: '{}',
      changes: JSON.stringify({ seq }),
    })
    .execute();
}

function tail(storage: Storage, options: { pollMs: number; gapWaitMs?: number }) {
  const seen: LiveEvent[] = [];
  let started: number | undefined;
  let errors = 0;
  const follower = new LogTail(storage.db, {
    ...options,
    onStart: (cursor) => (started = cursor),
    onEvents: (events) => seen.push(...events),
    onError: () => (errors += 1),
  });
  return { follower, seen, started: () => started, errors: () => errors };
}

test('the tail starts at the newest event and sends what follows, in order, at once when woken', async (t) => {
  const storage = await emptyLog(t);
  await row(storage, 1);
  await row(storage, 2);
  const { follower, seen, started } = tail(storage, { pollMs: 60_000 });
  t.after(() => follower.stop());
  follower.start();
  await waitUntil(() => started() !== undefined, 2000, 'the first read');
  assert.equal(started(), 2, 'what was there before is not sent');
  await row(storage, 3);
  await row(storage, 4);
  follower.wake();
  await waitUntil(() => seen.length === 2, 2000, 'the woken read');
  assert.deepEqual(
    seen.map((e) => [e.seq, e.matchId, e.competitionId, e.data]),
    [
      [3, 'match_a', 'comp_a', '{"seq":3}'],
      [4, 'match_a', 'comp_a', '{"seq":4}'],
    ],
  );
  assert.equal(follower.cursor, 4);
});

test('a hole is waited for, filled in order when it commits late, passed when it never does', async (t) => {
  const storage = await emptyLog(t);
  // 1 s: the late row below commits well within it, even on a machine stalled by other work.
  const { follower, seen, started } = tail(storage, { pollMs: 20, gapWaitMs: 1000 });
  t.after(() => follower.stop());
  follower.start();
  await waitUntil(() => started() === 0, 2000, 'the first read');
  await row(storage, 1);
  await row(storage, 3);
  await waitUntil(() => seen.length === 1, 2000, 'the event before the hole');
  // Two polls and more (every 20 ms) with the hole still open.
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(
    seen.map((e) => e.seq),
    [1],
    'held after the hole',
  );
  await row(storage, 2);
  await waitUntil(() => seen.length === 3, 2000, 'the hole filled');
  assert.deepEqual(
    seen.map((e) => e.seq),
    [1, 2, 3],
  );

  await row(storage, 5);
  const held = Date.now();
  await waitUntil(() => seen.length === 4, 4000, 'the hole passed');
  assert.ok(Date.now() - held >= 950, `passed after waiting (${Date.now() - held} ms)`);
  assert.deepEqual(
    seen.map((e) => e.seq),
    [1, 2, 3, 5],
  );
});

test('a failing read is tried again at the next poll', async (t) => {
  const storage = await emptyLog(t);
  const broken = {
    ...storage.db,
    selectFrom: () => {
      throw new Error('down');
    },
  } as unknown as Storage['db'];
  let errors = 0;
  const follower = new LogTail(broken, {
    pollMs: 20,
    onStart: () => undefined,
    onEvents: () => undefined,
    onError: () => (errors += 1),
  });
  follower.start();
  await waitUntil(() => errors >= 3, 2000, 'three failed reads');
  follower.stop();
});
