// A worker's IpcLimitStore when the cluster primary stops answering or the IPC channel is gone: checks
// fail with LimitsUnavailableError (503), after one timeout at once for a cool-down, then one probe at a
// time until the primary answers again; late replies still give their lease back; what waits is bounded.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:cluster';
import { test } from 'node:test';
import { performance } from 'node:perf_hooks';
import type { Plan } from '../../../src/config/plans.js';
import { billingPeriod } from '../../../src/limits/billing-period.js';
import { IpcLimitStore, type IpcLimitStoreOptions } from '../../../src/limits/ipc-limit-store.js';
import { REPLY, type WireReply, type WireRequest } from '../../../src/limits/ipc-wire.js';
import { LimitBroker } from '../../../src/limits/limit-broker.js';
import type { LimitDecision, LimitRequest } from '../../../src/limits/limit-store.js';
import { LimitsUnavailableError } from '../../../src/limits/limits-unavailable.js';
import { MemoryLimitStore } from '../../../src/limits/memory-limit-store.js';
import { countingLedger } from '../../support/limits/lease-wiring.js';
import { decidedNow } from '../../support/limits/decided-now.js';

// Long enough that "at once" (under half the timeout, or a tenth of a 10 s one) holds through the pauses
// of a machine loaded by a whole test run.
const TIMEOUT = 400;
const COOL_DOWN = 1000;
const AT_ONCE = TIMEOUT / 2;

const plan = (perMinute: number, perPeriod = 1_000_000): Plan => ({
  name: 'p',
  requestsPerMinute: perMinute,
  requestsPerPeriod: perPeriod,
  description: '',
});

const request = (p: Plan = plan(30), keyId = 'key_a'): LimitRequest => {
  const now = Date.now();
  return { keyId, plan: p, period: billingPeriod(new Date(now), null), now };
};

const allowed: LimitDecision = {
  allowed: true,
  exceeded: null,
  rateLimit: 30,
  rateRemaining: 29,
  rateUsed: 1,
  quotaLimit: 1_000_000,
  quotaRemaining: 999_999,
  quotaUsed: 1,
  quotaResetSeconds: 1000,
  rateResetSeconds: 0,
  retryAfterSeconds: null,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A worker's IPC channel to a primary that answers only when the test says so: `sent` holds every
 * message the store sent, `answer` replies to one of them.
 */
function silentPrimary(options: IpcLimitStoreOptions = {}) {
  const channel = new EventEmitter() as EventEmitter & NodeJS.Process;
  const sent: WireRequest[] = [];
  channel.connected = true;
  channel.send = ((message: WireRequest, _h?: unknown, _o?: unknown, done?: (e: Error | null) => void) => {
    sent.push(structuredClone(message));
    if (done) setImmediate(done, null);
    return true;
  }) as NodeJS.Process['send'];
  const store = new IpcLimitStore(channel, { timeoutMs: TIMEOUT, coolDownMs: COOL_DOWN, ...options });
  const answer = (to: WireRequest, fields: Partial<WireReply> = { decision: allowed }) =>
    channel.emit('message', { type: REPLY, id: to.id, ...fields } satisfies WireReply);
  return { channel, store, sent, answer };
}

/** Runs `check`, which must reject with LimitsUnavailableError; returns how long that took (ms). */
async function unavailable(check: () => unknown): Promise<number> {
  const started = performance.now();
  await assert.rejects(Promise.resolve().then(check), LimitsUnavailableError);
  return performance.now() - started;
}

test('an unanswered check fails after the timeout, the next ones at once, then one probe at a time', async () => {
  const { store, sent, answer } = silentPrimary();

  const first = await unavailable(() => store.consume(request()));
  assert.ok(first >= TIMEOUT - 5, `the first check waited for the timeout: ${first} ms`);
  assert.equal(sent.length, 1);

  // The cool-down: nothing goes to the primary, every check fails well under the timeout.
  for (let i = 0; i < 5; i += 1) {
    const ms = await unavailable(() => store.consume(request()));
    assert.ok(ms < AT_ONCE, `check ${i} failed at once: ${ms} ms`);
  }
  await unavailable(() => store.usage('key_a', request().period.start));
  assert.equal(sent.length, 1, 'nothing was sent during the cool-down');

  // After it, one check goes through as a probe; others fail at once while it is out.
  await sleep(COOL_DOWN);
  const probe = store.consume(request());
  assert.equal(sent.length, 2, 'the probe was sent');
  const whileProbing = await unavailable(() => store.consume(request()));
  assert.ok(whileProbing < AT_ONCE, `a check during the probe failed at once: ${whileProbing} ms`);
  assert.equal(sent.length, 2, 'one probe at a time');

  // The primary answers the probe: checks work again.
  answer(sent[1]!);
  assert.deepEqual(await probe, allowed);
  const next = store.consume(request());
  assert.equal(sent.length, 3, 'the next check went to the primary');
  answer(sent[2]!);
  assert.deepEqual(await next, allowed);
  await store.close();
});

test('a probe that goes unanswered starts another cool-down', async () => {
  const { store, sent, answer } = silentPrimary();
  await unavailable(() => store.consume(request()));
  await sleep(COOL_DOWN);
  const probe = await unavailable(() => store.consume(request()));
  assert.ok(probe >= TIMEOUT - 5, `the probe waited for the timeout: ${probe} ms`);
  assert.ok((await unavailable(() => store.consume(request()))) < AT_ONCE);
  assert.equal(sent.length, 2);
  await sleep(COOL_DOWN);
  const recovered = store.consume(request());
  answer(sent[2]!);
  assert.deepEqual(await recovered, allowed);
  await store.close();
});

test('any late answer from the primary ends the cool-down at once', async () => {
  const { store, sent, answer } = silentPrimary();
  await unavailable(() => store.consume(request()));
  answer(sent[0]!);
  const next = store.consume(request());
  assert.equal(sent.length, 2, 'sent without waiting for the cool-down');
  answer(sent[1]!);
  assert.deepEqual(await next, allowed);
  await store.close();
});

test('requests admitted from a lease held go on while the primary does not answer', async () => {
  const { store, sent, answer } = silentPrimary();
  const leased = store.consume(request(plan(1_000_000), 'key_busy'));
  answer(sent[0]!, {
    decision: { ...allowed, rateLimit: 1_000_000, rateRemaining: 999_000 },
    lease: { id: 1, tokens: 64 },
  });
  assert.equal((await leased).allowed, true);
  // Another key's check goes unanswered: the store is in its cool-down.
  await unavailable(() => store.consume(request()));
  assert.ok((await unavailable(() => store.consume(request()))) < AT_ONCE);
  // A lease lasts as long as it is used (it ends once idle for LEASE_IDLE_MS, 2 s).
  assert.equal(decidedNow(store.consume(request(plan(1_000_000), 'key_busy'))).allowed, true);
  await store.close();
});

test('a closed channel fails checks at once, sending nothing', async () => {
  const { channel, store, sent } = silentPrimary({ timeoutMs: 10_000 });
  channel.connected = false;
  assert.ok((await unavailable(() => store.consume(request()))) < 1000);
  assert.equal(sent.length, 0);
  await store.close();

  // No channel at all (a process not forked by cluster).
  const orphan = new IpcLimitStore(new EventEmitter() as EventEmitter & NodeJS.Process, {
    timeoutMs: 10_000,
  });
  assert.ok((await unavailable(() => orphan.consume(request()))) < 1000);
  await orphan.close();
});

test('a send that fails, at once or through its callback, fails the check at once', async () => {
  for (const how of ['throws', 'callback'] as const) {
    const { channel, store } = silentPrimary({ timeoutMs: 10_000 });
    channel.send = ((_m: unknown, _h?: unknown, _o?: unknown, done?: (e: Error | null) => void) => {
      const error = Object.assign(new Error('Channel closed'), { code: 'ERR_IPC_CHANNEL_CLOSED' });
      if (how === 'throws') throw error;
      process.nextTick(() => done?.(error));
      return false;
    }) as NodeJS.Process['send'];
    assert.ok((await unavailable(() => store.consume(request()))) < 1000, how);
    await store.close();
  }
});

test('checks waiting for the primary are bounded: beyond the cap they fail at once', async () => {
  const { store, sent } = silentPrimary({ maxInFlight: 3 });
  const waiting = [1, 2, 3].map(async () => store.consume(request()));
  assert.equal(sent.length, 3);
  assert.ok((await unavailable(() => store.consume(request()))) < AT_ONCE, 'the fourth failed at once');
  assert.equal(sent.length, 3);
  for (const check of waiting) await assert.rejects(check, LimitsUnavailableError);
  await store.close();
});

test('a lease granted after its check timed out goes back to the primary', async () => {
  const memory = new MemoryLimitStore(countingLedger().ledger);
  const broker = new LimitBroker(memory, 2);
  // The primary's replies are held until released, as by a primary that stalls after deciding.
  const held: unknown[] = [];
  const worker = new EventEmitter() as EventEmitter & Worker;
  const channel = new EventEmitter() as EventEmitter & NodeJS.Process;
  channel.connected = true;
  channel.send = ((message: unknown, _h?: unknown, _o?: unknown, done?: (e: Error | null) => void) => {
    setImmediate(() => {
      worker.emit('message', structuredClone(message));
      done?.(null);
    });
    return true;
  }) as NodeJS.Process['send'];
  worker.send = ((message: unknown) => {
    held.push(structuredClone(message));
    return true;
  }) as Worker['send'];
  worker.isConnected = () => true;
  broker.serve(worker);
  const store = new IpcLimitStore(channel, { timeoutMs: TIMEOUT, coolDownMs: COOL_DOWN });

  await unavailable(() => store.consume(request(plan(1_000_000))));
  assert.equal(held.length, 1);
  assert.ok((held[0] as WireReply).lease, 'the primary leased a block with its answer');
  assert.ok(memory.reserved('key_a') > 0);
  for (const reply of held.splice(0)) channel.emit('message', reply);
  // Given back with the next message to the primary, the report every REPORT_MS at the latest.
  const deadline = Date.now() + 2000;
  while (memory.reserved('key_a') > 0) {
    assert.ok(Date.now() < deadline, 'the late lease was settled');
    await sleep(20);
  }
  // Nothing of it was admitted, and the late answer ended the cool-down.
  const next = store.consume(request(plan(1_000_000)));
  await sleep(20);
  for (const reply of held.splice(0)) channel.emit('message', reply);
  assert.equal((await next).allowed, true);
  await store.close();
  await sleep(20);
  assert.equal(memory.reserved('key_a'), 0);
});
