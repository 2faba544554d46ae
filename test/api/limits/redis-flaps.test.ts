// A process whose Redis connections keep dropping (CLIENT KILL on this test's own connections, found by
// their name) still admits no more than a key's limits: its fallback counters start from what it last
// knew, and what the fallback admitted is added to Redis once it answers again.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { test } from 'node:test';
import type { Redis } from 'ioredis';
import { openRedis } from '../../../src/cache/redis-response-cache.js';
import { MemoryLimitStore } from '../../../src/limits/memory-limit-store.js';
import { RedisLimitStore } from '../../../src/limits/redis-limit-store.js';
import { quotaCounterKey } from '../../../src/limits/redis-scripts.js';
import { UsageLedger } from '../../../src/limits/usage-ledger.js';
import { billingPeriod } from '../../../src/limits/billing-period.js';
import { inject } from '../../support/limits/answers.js';
import { limitsEnv, readyRedis, REDIS_URL } from '../../support/limits/limits-env.js';

const PLANS = [
  { name: 'thirty', requestsPerMinute: 30, requestsPerPeriod: 100_000, description: '30 per minute' },
  { name: 'metered', requestsPerMinute: 100_000, requestsPerPeriod: 6, description: '6 per period' },
];
const FLAPPING_MS = 4000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Kills every connection named `name`, as a Redis restart or a network cut would; how many it killed. */
async function killConnections(admin: Redis, name: string): Promise<number> {
  const list = String(await admin.client('LIST'));
  const ids = list
    .split('\n')
    .filter((line) => line.includes(` name=${name} `))
    .map((line) => /\bid=(\d+)/.exec(line)?.[1])
    .filter((id): id is string => id !== undefined);
  for (const id of ids) await admin.client('KILL', 'ID', id).catch(() => undefined);
  return ids.length;
}

async function whenReady(redis: Redis): Promise<void> {
  const deadline = Date.now() + 5000;
  while (redis.status !== 'ready') {
    assert.ok(Date.now() < deadline, 'Redis connection did not come back');
    await pause(20);
  }
}

test('a flapping Redis connection does not let a key past its limits', { timeout: 60_000 }, async (t) => {
  const env = await limitsEnv(t, 'redis', PLANS);
  const admin = await readyRedis(env.scope);
  const name = `touchline-flaps-${crypto.randomBytes(4).toString('hex')}`;
  const redis = openRedis(`${REDIS_URL}?connectionName=${name}`, () => undefined);
  env.scope.defer(() => redis.disconnect());
  await whenReady(redis);
  const ledger = new UsageLedger(env.storage.db);
  ledger.start();
  const local = new MemoryLimitStore(ledger);
  const { app } = await env.start(new RedisLimitStore(redis, ledger, local));
  const perMinute = await env.key('thirty');
  const perPeriod = await env.key('metered');

  let flapping = true;
  let kills = 0;
  const killer = (async () => {
    while (flapping) {
      kills += await killConnections(admin, name);
      await pause(100 + Math.random() * 300);
    }
  })();
  const admitted = { perMinute: 0, perPeriod: 0 };
  const statuses = new Set<number>();
  const until = Date.now() + FLAPPING_MS;
  while (Date.now() < until) {
    for (const [which, key] of [
      ['perMinute', perMinute],
      ['perPeriod', perPeriod],
    ] as const) {
      const answer = await inject(app, key.auth);
      statuses.add(answer.status);
      if (answer.status === 200) admitted[which] += 1;
    }
    await pause(5);
  }
  flapping = false;
  await killer;
  t.diagnostic(
    `${kills} connections killed; admitted ${JSON.stringify(admitted)}; statuses ${[...statuses]}`,
  );
  assert.ok(kills >= 5, `only ${kills} connections were killed`);
  assert.deepEqual([...statuses].sort(), [200, 429], 'every answer a 200 or a 429');
  assert.ok(admitted.perMinute <= 30, `${admitted.perMinute} answers in a minute for a 30/min key`);
  assert.ok(admitted.perMinute >= 25, `only ${admitted.perMinute} answers for a 30/min key`);
  assert.ok(admitted.perPeriod <= 6, `${admitted.perPeriod} answers for a 6-per-period key`);

  // Back on Redis: what the fallback admitted is in Redis's counts, so the next answers come from them.
  await whenReady(redis);
  for (const key of [perMinute, perPeriod]) assert.equal((await inject(app, key.auth)).status, 429);
  const period = billingPeriod(new Date(), null);
  const counted = Number(await admin.get(quotaCounterKey(perMinute.id, period.start)));
  // A reply lost with its connection can leave Redis counting a request the fallback then admitted too.
  assert.ok(counted >= admitted.perMinute, `Redis counts ${counted}, ${admitted.perMinute} were admitted`);
  assert.ok(counted <= admitted.perMinute + kills, `Redis counts ${counted} of ${admitted.perMinute}`);
});
