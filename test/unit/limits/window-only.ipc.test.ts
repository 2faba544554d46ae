// Window-only requests (usage checks, 304s) on a cluster worker's IpcLimitStore: never admitted from a
// lease (its requests are reported as counted in the quota too), decided by the primary, which counts
// them in the minute only and stays exact while other workers hold leases of the same key.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LimitBroker } from '../../../src/limits/limit-broker.js';
import { MemoryLimitStore } from '../../../src/limits/memory-limit-store.js';
import { connect, countingLedger, plan, request } from '../../support/limits/lease-wiring.js';

const windowOnly = (p: ReturnType<typeof plan>) => ({ ...request(p), windowOnly: true });

test('window-only requests are decided by the primary, one at a time, and take no lease', async () => {
  const { ledger, recorded } = countingLedger();
  const memory = new MemoryLimitStore(ledger);
  const { store, sent } = connect(new LimitBroker(memory, 2));
  const p = plan(100_000, 1000);
  const decisions = [];
  for (let i = 0; i < 40; i += 1) decisions.push(await store.consume(windowOnly(p)));
  assert.ok(decisions.every((d) => d.allowed));
  assert.deepEqual(
    decisions.slice(0, 3).map((d) => [d.rateUsed, d.quotaRemaining, d.quotaUsed]),
    [
      [1, 1000, 0],
      [2, 1000, 0],
      [3, 1000, 0],
    ],
  );
  assert.equal(sent.ops.consume, 40, 'each asked the primary');
  assert.equal(sent.ops.lease ?? 0, 0);
  assert.equal(store.heldLeases, 0, 'no lease was granted on them');
  assert.equal(memory.reserved('key_a'), 0);
  assert.deepEqual(recorded, { count: 0, windowOnly: 40 });
  assert.equal(await memory.usage('key_a', request(p).period.start), 0);
  await store.close();
});

test('a window-only request does not use the lease a worker holds', async () => {
  const { ledger } = countingLedger();
  const memory = new MemoryLimitStore(ledger);
  const { store, sent } = connect(new LimitBroker(memory, 2));
  const p = plan(100_000);
  assert.equal((await store.consume(request(p))).allowed, true);
  assert.equal(store.heldLeases, 1, 'a full request was leased a block');
  const before = sent.ops.consume;
  const check = await store.consume(windowOnly(p));
  assert.equal(check.allowed, true);
  assert.equal(sent.ops.consume, before! + 1, 'asked the primary');
  // The primary counts the lease's requests as used until they are reported.
  assert.equal(check.quotaUsed, 1 + memory.reserved('key_a'));
  await store.close();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(await memory.usage('key_a', request(p).period.start), 1);
});

test('window-only requests stay exact while another worker holds a lease of the key', async () => {
  const { ledger } = countingLedger();
  const memory = new MemoryLimitStore(ledger);
  const broker = new LimitBroker(memory, 2);
  const a = connect(broker);
  const b = connect(broker);
  const N = 1000;
  const p = plan(N);
  assert.equal((await a.store.consume(request(p))).allowed, true);
  assert.ok(memory.reserved('key_a') > 0, 'worker a holds a lease');
  // Refusals that only a's unused lease would cause recall it: b gets the whole rest of the minute.
  const decisions = await Promise.all(Array.from({ length: N + 50 }, () => b.store.consume(windowOnly(p))));
  assert.equal(decisions.filter((d) => d.allowed).length, N - 1);
  for (const refused of decisions.filter((d) => !d.allowed)) assert.equal(refused.exceeded, 'rate');
  await a.store.close();
  await b.store.close();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(memory.reserved('key_a'), 0);
  assert.equal(await memory.usage('key_a', request(p).period.start), 1);
});
