// Leases that last as long as they are used: they keep admitting past one report, report what they
// admitted every REPORT_MS (the primary's counts and the figures the worker tells catch up), end once
// idle for LEASE_IDLE_MS, and are recalled at once when the primary needs their requests to decide.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LEASE_IDLE_MS, REPORT_MS } from '../../../src/limits/held-lease.js';
import { LimitBroker } from '../../../src/limits/limit-broker.js';
import type { LimitDecision } from '../../../src/limits/limit-store.js';
import { MemoryLimitStore } from '../../../src/limits/memory-limit-store.js';
import { connect, countingLedger, plan, request, sleep } from '../../support/limits/lease-wiring.js';
import { decidedNow } from '../../support/limits/decided-now.js';
import { isPromise } from '../../../src/storage/maybe.js';

/** A primary over fresh counters, and `workers` workers connected to it. */
function cluster(workers: number) {
  const memory = new MemoryLimitStore(countingLedger().ledger);
  const broker = new LimitBroker(memory, 2);
  return { memory, broker, workers: Array.from({ length: workers }, () => connect(broker)) };
}

/** Waits until `done` holds, polling; fails if that takes `ms` or more. */
async function within(ms: number, what: string, done: () => boolean | Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await done())) {
    assert.ok(Date.now() - started < ms, `${what} within ${ms} ms`);
    await sleep(5);
  }
}

const big = plan(1_000_000);
const periodStart = request(big).period.start;

test('a lease used keeps admitting past REPORT_MS, and ends once idle for LEASE_IDLE_MS', async () => {
  const { memory, broker, workers } = cluster(1);
  const [a] = workers;
  assert.equal((await a!.store.consume(request(big))).allowed, true);
  let admitted = 1;
  const until = Date.now() + 4 * REPORT_MS;
  while (Date.now() < until) {
    assert.equal(decidedNow(a!.store.consume(request(big)), `the lease at ${admitted}`).allowed, true);
    admitted += 1;
    await sleep(10);
  }
  assert.equal(a!.sent.ops.consume, 1, 'one round trip for the first request, none after');
  assert.ok((a!.sent.ops.report ?? 0) >= 3, 'reported while in use');
  assert.equal(a!.store.heldLeases, 1);
  assert.equal(broker.outstandingLeases, 1);

  await sleep(LEASE_IDLE_MS / 2);
  assert.equal(broker.outstandingLeases, 1, 'not yet idle for LEASE_IDLE_MS');
  await within(LEASE_IDLE_MS / 2 + 3 * REPORT_MS, 'the idle lease ended and was settled', () => {
    return broker.outstandingLeases === 0;
  });
  assert.equal(a!.store.heldLeases, 0);
  assert.equal(memory.reserved('key_a'), 0);
  assert.equal(await memory.usage('key_a', periodStart), admitted);
  const next = a!.store.consume(request(big));
  assert.ok(isPromise(next), 'the next request asks the primary');
  await next;
  await a!.store.close();
});

test("the primary counts a lease's requests within about REPORT_MS, while the lease goes on", async () => {
  const { memory, broker, workers } = cluster(1);
  const [a] = workers;
  await a!.store.consume(request(big));
  const leased = memory.reserved('key_a');
  assert.equal(leased, 1024);
  for (let i = 0; i < 100; i += 1) assert.equal(decidedNow(a!.store.consume(request(big))).allowed, true);
  await within(
    2 * REPORT_MS + 100,
    'the primary counted the leased requests',
    async () => (await memory.usage('key_a', periodStart)) === 101,
  );
  // Counted, no longer reserved: the lease goes on with the rest.
  assert.equal(memory.reserved('key_a'), leased - 100);
  assert.equal(broker.outstandingLeases, 1);
  assert.equal(decidedNow(a!.store.consume(request(big))).allowed, true);
  await a!.store.close();
  await sleep(10);
  assert.equal(await memory.usage('key_a', periodStart), 102);
  assert.equal(memory.reserved('key_a'), 0);
});

test("a refusal only another worker's lease causes is decided after a recall, at once", async () => {
  const { memory, workers } = cluster(2);
  const [a, b] = workers;
  const p = plan(1000);
  assert.equal((await a!.store.consume(request(p))).allowed, true);
  assert.ok(memory.reserved('key_a') > 0, 'worker a holds a lease');
  for (let i = 0; i < 10; i += 1) assert.equal(decidedNow(a!.store.consume(request(p))).allowed, true);

  // Worker b takes what is left: near the end only a's lease stands in the way, and a keeps it (it is
  // in use) until the primary recalls it.
  const started = Date.now();
  let slowest = 0;
  let admitted = 0;
  let last: LimitDecision;
  for (;;) {
    const asked = Date.now();
    last = await b!.store.consume(request(p));
    slowest = Math.max(slowest, Date.now() - asked);
    if (!last.allowed) break;
    admitted += 1;
  }
  const took = Date.now() - started;
  assert.equal(admitted, 1000 - 11, 'b got every request a did not admit');
  assert.equal(last.exceeded, 'rate');
  assert.ok(slowest < LEASE_IDLE_MS / 10, `the slowest decision took ${slowest} ms`);
  assert.ok(took < LEASE_IDLE_MS / 2, `all of b's requests took ${took} ms`);
  assert.equal(a!.store.heldLeases, 0, "a's lease was recalled");
  const asked = a!.store.consume(request(p));
  assert.ok(isPromise(asked), 'decided by the primary');
  assert.equal((await asked).allowed, false);
  assert.equal(await memory.usage('key_a', periodStart), 1000);
  assert.equal(memory.reserved('key_a'), 0);
  await a!.store.close();
  await b!.store.close();
});

test("the figures a lease's requests are told are refreshed by the answers to its reports", async () => {
  const { workers } = cluster(2);
  const [a, b] = workers;
  await a!.store.consume(request(big));
  const before = decidedNow(a!.store.consume(request(big))).rateRemaining;
  await b!.store.consume(request(big));
  for (let i = 0; i < 500; i += 1) decidedNow(b!.store.consume(request(big)));
  // b reports its 500 within REPORT_MS; the answer to a's next report brings figures that include them.
  let aAdmitted = 2;
  let after = before;
  await within(3 * REPORT_MS + 200, "a's figures include b's requests", () => {
    after = decidedNow(a!.store.consume(request(big))).rateRemaining;
    aAdmitted += 1;
    return before - after > 500;
  });
  const left = 1_000_000 - (aAdmitted + 1 + 500);
  assert.ok(after <= left, `${after}: b's requests are counted (${left} left)`);
  // What b holds still counts as used: off by at most its lease's outstanding requests.
  assert.ok(after >= left - 1024, `${after}: off by no more than b's lease (${left} left)`);
  await a!.store.close();
  await b!.store.close();
});

test('many keys, a few requests each: leases of idle keys end on both sides', async () => {
  const { memory, broker, workers } = cluster(2);
  const keys = Array.from({ length: 1000 }, (_, i) => `key_${i}`);
  const started = Date.now();
  for (const { store } of workers) {
    await Promise.all(
      keys.map(async (keyId) => {
        assert.equal((await store.consume(request(big, keyId))).allowed, true);
        for (let i = 0; i < 2; i += 1)
          assert.equal(decidedNow(store.consume(request(big, keyId))).allowed, true);
      }),
    );
  }
  assert.ok(broker.outstandingLeases <= 2 * keys.length, `${broker.outstandingLeases} leases out`);
  for (const { store } of workers) assert.ok(store.heldLeases <= keys.length);

  await within(LEASE_IDLE_MS + 3 * REPORT_MS, 'every lease ended', () => broker.outstandingLeases === 0);
  const elapsed = Date.now() - started;
  for (const { store, sent } of workers) {
    assert.equal(store.heldLeases, 0);
    // One report per worker per tick, whatever the number of leases it carries.
    assert.ok((sent.ops.report ?? 0) <= elapsed / REPORT_MS + 1, `${sent.ops.report} reports`);
  }
  for (const keyId of keys) {
    assert.equal(memory.reserved(keyId), 0);
    assert.equal(await memory.usage(keyId, periodStart), 6);
  }
  for (const { store } of workers) await store.close();
});
