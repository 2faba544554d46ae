// The cluster primary's LimitBroker and the workers' IpcLimitStore, wired through in-process channels:
// busy keys get leases (no round trip per request), and limits stay exact through leases, refusals that
// wait for leases to be settled, and a worker that dies holding one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LimitBroker } from '../../../src/limits/limit-broker.js';
import { MemoryLimitStore } from '../../../src/limits/memory-limit-store.js';
import { connect, countingLedger, plan, request } from '../../support/limits/lease-wiring.js';

test('a busy key is leased blocks: far fewer round trips than requests, every one counted', async () => {
  const { ledger, recorded } = countingLedger();
  const memory = new MemoryLimitStore(ledger);
  const broker = new LimitBroker(memory, 2);
  const { store, sent } = connect(broker);
  const p = plan(1_000_000);
  for (let i = 0; i < 2000; i += 1) {
    const d = await store.consume(request(p));
    assert.equal(d.allowed, true);
    // What the headers say is off by less than the leased requests outstanding (two leases at most).
    const left = 1_000_000 - (i + 1);
    assert.ok(Math.abs(d.rateRemaining - left) <= 2048, `${d.rateRemaining} with ${left} left`);
  }
  assert.ok(sent.toPrimary < 40, `${sent.toPrimary} messages for 2000 requests`);
  await store.close();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(recorded.count, 2000);
  assert.equal(memory.reserved('key_a'), 0);
  assert.equal(await memory.usage('key_a', request(p).period.start), 2000);
});

test('two workers at once: exactly N of 3N admitted, though leases were out', async () => {
  const { ledger } = countingLedger();
  const memory = new MemoryLimitStore(ledger);
  const broker = new LimitBroker(memory, 2);
  const a = connect(broker);
  const b = connect(broker);
  const N = 600;
  const p = plan(N);
  const all = await Promise.all(
    Array.from({ length: 3 * N }, (_, i) => (i % 2 ? a : b).store.consume(request(p))),
  );
  assert.equal(all.filter((d) => d.allowed).length, N);
  for (const refused of all.filter((d) => !d.allowed)) {
    assert.equal(refused.exceeded, 'rate');
    assert.equal(refused.rateRemaining, 0);
    assert.ok(refused.retryAfterSeconds! >= 1);
  }
  await a.store.close();
  await b.store.close();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(memory.reserved('key_a'), 0);
  assert.equal(await memory.usage('key_a', request(p).period.start), N);
});

test('a worker that dies with a lease releases it: others are admitted, the unreported are not counted', async () => {
  const { ledger } = countingLedger();
  const memory = new MemoryLimitStore(ledger);
  const broker = new LimitBroker(memory, 2);
  const a = connect(broker);
  const p = plan(1000);
  assert.equal((await a.store.consume(request(p))).allowed, true);
  assert.ok(memory.reserved('key_a') > 0, 'the first request leased a block');
  a.worker.emit('exit', 1, null);
  assert.equal(memory.reserved('key_a'), 0);
  const b = connect(broker);
  const admitted = await Promise.all(Array.from({ length: 999 }, () => b.store.consume(request(p))));
  assert.equal(admitted.filter((d) => d.allowed).length, 999);
  assert.equal((await b.store.consume(request(p))).allowed, false);
  await b.store.close();
});

test('small limits are decided one request at a time', async () => {
  const { ledger } = countingLedger();
  const memory = new MemoryLimitStore(ledger);
  const { store, sent } = connect(new LimitBroker(memory, 2));
  const p = plan(5, 1000);
  const decisions = [];
  for (let i = 0; i < 6; i += 1) decisions.push(await store.consume(request(p)));
  assert.deepEqual(
    decisions.map((d) => d.rateRemaining),
    [4, 3, 2, 1, 0, 0],
  );
  assert.equal(decisions[5]!.allowed, false);
  assert.equal(memory.reserved('key_a'), 0);
  assert.equal(sent.toPrimary, 6);
  await store.close();
});
