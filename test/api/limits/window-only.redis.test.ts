// Window-only requests (usage checks, 304s) on the Redis store at 127.0.0.1:6379 (RedisLimitStore),
// and on its fallback while Redis is away: what the fallback admitted joins Redis's minute, not its quota.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openRedis } from '../../../src/cache/redis-response-cache.js';
import { billingPeriod } from '../../../src/limits/billing-period.js';
import type { LimitRequest } from '../../../src/limits/limit-store.js';
import { MemoryLimitStore } from '../../../src/limits/memory-limit-store.js';
import { RedisLimitStore } from '../../../src/limits/redis-limit-store.js';
import { quotaCounterKey } from '../../../src/limits/redis-scripts.js';
import { UsageLedger } from '../../../src/limits/usage-ledger.js';
import { limitsEnv, PLANS, readyRedis, REDIS_URL } from '../../support/limits/limits-env.js';
import { windowOnlySuite } from '../../support/limits/window-only-suite.js';

windowOnlySuite('redis');

test('redis: window-only requests admitted during an outage join the minute, not the quota', async (t) => {
  const env = await limitsEnv(t, 'redis');
  const admin = await readyRedis(env.scope);
  const redis = openRedis(REDIS_URL, () => undefined);
  env.scope.defer(() => redis.disconnect());
  await new Promise((resolve) => redis.once('ready', resolve));
  const ledger = new UsageLedger(env.storage.db);
  const local = new MemoryLimitStore(ledger);
  env.scope.defer(() => local.close());
  const store = new RedisLimitStore(redis, ledger, local);
  const k = await env.key('five');
  const five = PLANS.find((p) => p.name === 'five')!;
  const request = (windowOnly: boolean): LimitRequest => {
    const now = Date.now();
    return { keyId: k.id, plan: five, period: billingPeriod(new Date(now), null), now, windowOnly };
  };

  assert.equal((await store.consume(request(false))).allowed, true);
  const ended = new Promise((resolve) => redis.once('end', resolve));
  redis.disconnect();
  await ended;
  for (let i = 0; i < 2; i += 1) {
    const onFallback = await store.consume(request(true));
    assert.deepEqual([onFallback.allowed, onFallback.quotaUsed], [true, 1]);
  }
  await redis.connect();

  const back = await store.consume(request(true));
  assert.deepEqual([back.allowed, back.rateUsed, back.quotaUsed], [true, 4, 1]);
  const period = request(false).period.start;
  assert.equal(await admin.zcard(`touchline:rate:${k.id}`), 4);
  assert.equal(await admin.get(quotaCounterKey(k.id, period)), '1');
  assert.equal((await store.consume(request(true))).allowed, true);
  assert.equal((await store.consume(request(true))).exceeded, 'rate');
});
