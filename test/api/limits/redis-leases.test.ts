// Leases of a busy key's requests on the Redis store (RedisLeases): most requests are decided without a
// round trip, yet the counts stay exact: every admitted request scored in the window by when it was
// admitted, the quota and usage without the unused ones, and the limit reached by requests on any
// instance even while another holds a lease of the same key unused.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Plan } from '../../../src/config/plans.js';
import { billingPeriod } from '../../../src/limits/billing-period.js';
import type { LimitRequest } from '../../../src/limits/limit-store.js';
import { MemoryLimitStore } from '../../../src/limits/memory-limit-store.js';
import { RedisLimitStore } from '../../../src/limits/redis-limit-store.js';
import { limitKeys } from '../../../src/limits/redis-scripts.js';
import { UsageLedger } from '../../../src/limits/usage-ledger.js';
import { limitsEnv, PLANS, readyRedis, type LimitsEnv } from '../../support/limits/limits-env.js';
import { decidedNow } from '../../support/limits/decided-now.js';

const ROOMY: Plan = {
  name: 'roomy',
  requestsPerMinute: 100_000,
  requestsPerPeriod: 1_000_000,
  description: '',
};
// Room for leases of 20 (a 32nd of 640), but a minute's limit within reach of a test.
const BUSY: Plan = { name: 'busy', requestsPerMinute: 640, requestsPerPeriod: 1_000_000, description: '' };
const REPORT_MS = 20;

/** A RedisLimitStore with its own client and ledger, counting leased round trips, on a test clock. */
async function leasingStore(env: LimitsEnv, clock: () => number) {
  const redis = await readyRedis(env.scope);
  const ledger = new UsageLedger(env.storage.db);
  ledger.start();
  const local = new MemoryLimitStore(ledger);
  const store = new RedisLimitStore(redis, ledger, local, { clock, reportMs: REPORT_MS });
  env.scope.defer(() => store.close());
  await store.listening();
  const calls = { consume: 0 };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const client = redis as any;
  const consume = client.touchlineConsume.bind(redis);
  client.touchlineConsume = (...args: unknown[]) => {
    calls.consume += 1;
    return consume(...args);
  };
  return { store, calls };
}

const waitFor = async (what: string, ok: () => boolean | Promise<boolean>) => {
  const deadline = Date.now() + 5000;
  while (!(await ok())) {
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, REPORT_MS));
  }
};

test('a busy key is leased: 1,000 requests take a handful of round trips, and every count is exact', async (t) => {
  const env = await limitsEnv(t, 'redis', [...PLANS, ROOMY]);
  const k = await env.key('roomy');
  const now = Date.now();
  const { store, calls } = await leasingStore(env, () => now + 2000);
  const period = billingPeriod(new Date(now), null);
  const times: number[] = [];
  const remaining: number[] = [];
  for (let i = 0; i < 1000; i += 1) {
    const at = now + Math.floor(i / 3);
    const request: LimitRequest = { keyId: k.id, plan: ROOMY, period, now: at };
    const decided = await store.consume(request);
    assert.equal(decided.allowed, true);
    times.push(at);
    remaining.push(decided.quotaRemaining);
  }
  assert.ok(calls.consume <= 8, `${calls.consume} decisions in Redis for 1,000 requests`);
  assert.deepEqual(
    remaining,
    times.map((_, i) => ROOMY.requestsPerPeriod - i - 1),
    'each request is told one less remaining',
  );
  assert.equal(await store.usage(k.id, period.start), 1000, 'usage leaves the unused leased requests out');
  await store.close();

  const admin = await readyRedis(env.scope);
  const [window, quota, leases] = limitKeys(k.id, period.start);
  assert.equal(await admin.get(quota), '1000', 'the unused requests went back to the quota');
  assert.equal(await admin.hlen(leases), 0);
  const scored = (await admin.zrange(window, 0, -1, 'WITHSCORES')).filter((_, i) => i % 2 === 1).map(Number);
  assert.deepEqual(scored.sort(), times.sort(), 'each request is in the window at the time it was admitted');
});

test('two instances sharing a key get exactly its limit, though one holds a lease it does not use', async (t) => {
  const env = await limitsEnv(t, 'redis', [...PLANS, BUSY]);
  const k = await env.key('busy');
  // a's clock stands still, so its lease never goes idle: only a recall gets its unused requests back.
  const started = Date.now();
  const a = await leasingStore(env, () => started);
  const b = await leasingStore(env, Date.now);
  const period = billingPeriod(new Date(), null);
  const request = (): LimitRequest => ({ keyId: k.id, plan: BUSY, period, now: Date.now() });
  // a is leased a block of the key's requests, and uses one.
  assert.equal((await a.store.consume(request())).allowed, true);
  assert.equal(a.store.leaseCount.held, 1);
  // b takes the rest of the minute, one request at a time and by its own leases; the last of them wait
  // for a's unused requests to come back.
  let admitted = 1;
  let refused = 0;
  for (let i = 0; i < 700; i += 1) {
    const decided = await b.store.consume(request());
    if (decided.allowed) admitted += 1;
    else refused += 1;
  }
  assert.equal(admitted, BUSY.requestsPerMinute, 'admitted in the minute');
  assert.equal(refused, 700 + 1 - BUSY.requestsPerMinute);
  assert.equal(a.store.leaseCount.held, 0, "a's lease was recalled");
  // Concurrent requests on both, on top: none more is admitted.
  const more = await Promise.all(
    Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).store.consume(request())),
  );
  assert.equal(more.filter((d) => d.allowed).length, 0);
  await waitFor('the leases settled', () => a.store.leaseCount.ended + b.store.leaseCount.ended === 0);
  assert.equal(await b.store.usage(k.id, period.start), BUSY.requestsPerMinute);
});

test('a lease ends once idle, and gives its unused requests back', async (t) => {
  const env = await limitsEnv(t, 'redis', [...PLANS, ROOMY]);
  const k = await env.key('roomy');
  let now = Date.now();
  const { store } = await leasingStore(env, () => now);
  const period = billingPeriod(new Date(now), null);
  assert.equal((await store.consume({ keyId: k.id, plan: ROOMY, period, now })).allowed, true);
  assert.equal(store.leaseCount.held, 1);
  const admin = await readyRedis(env.scope);
  const [, quota] = limitKeys(k.id, period.start);
  assert.ok(Number(await admin.get(quota)) > 1, 'the lease is counted in the quota while held');
  now += 2500;
  await waitFor(
    'the idle lease ended',
    async () => store.leaseCount.held === 0 && (await admin.get(quota)) === '1',
  );
});

test('reports Redis does not take are sent again: nothing a lease admitted goes uncounted', async (t) => {
  const env = await limitsEnv(t, 'redis', [...PLANS, ROOMY]);
  const k = await env.key('roomy');
  const now = Date.now();
  const redis = await readyRedis(env.scope);
  const ledger = new UsageLedger(env.storage.db);
  ledger.start();
  const store = new RedisLimitStore(redis, ledger, new MemoryLimitStore(ledger), { reportMs: REPORT_MS });
  env.scope.defer(() => store.close());
  const period = billingPeriod(new Date(now), null);
  const times: number[] = [];
  for (let i = 0; i < 100; i += 1) {
    const request: LimitRequest = { keyId: k.id, plan: ROOMY, period, now: now - 100 + i };
    assert.equal((await store.consume(request)).allowed, true);
    times.push(request.now);
  }
  // Redis stops answering reports for a while; the lease goes on admitting meanwhile.
  const pipeline = redis.pipeline.bind(redis);
  let refused = 0;
  redis.pipeline = (() => {
    const p = pipeline();
    p.exec = async () => {
      refused += 1;
      throw new Error('connection lost');
    };
    return p;
  }) as typeof redis.pipeline;
  await waitFor('reports refused', () => refused >= 3);
  for (let i = 0; i < 10; i += 1) {
    const request: LimitRequest = { keyId: k.id, plan: ROOMY, period, now: Date.now() };
    assert.equal(decidedNow(store.consume(request), 'from the lease').allowed, true);
    times.push(request.now);
  }
  await waitFor('more reports refused', () => refused >= 5);
  redis.pipeline = pipeline;
  await store.close();
  const [window, quota] = limitKeys(k.id, period.start);
  assert.equal(await redis.get(quota), '110');
  const scored = (await redis.zrange(window, 0, -1, 'WITHSCORES')).filter((_, i) => i % 2 === 1).map(Number);
  assert.deepEqual(scored.sort(), times.sort());
});
