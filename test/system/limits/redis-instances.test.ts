// Several server instances sharing one Redis and one database hold one count per key: exactly N per
// minute across them, `keys usage` agrees with their headers, and a lost Redis counter is re-seeded
// from the database rather than restarted from zero.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pino } from 'pino';
import { loadConfig } from '../../../src/config/config.js';
import { startServer } from '../../../src/server/start-server.js';
import { assertRefused, get, inject, limits, statuses, type Answer } from '../../support/limits/answers.js';
import { keysUsage, writePlansFile } from '../../support/limits/cli.js';
import { limitsEnv, PLANS, readyRedis, REDIS_URL } from '../../support/limits/limits-env.js';

test('two apps sharing Redis: requests split between them get exactly N', async (t) => {
  const env = await limitsEnv(t, 'redis');
  const bases = [await (await env.start()).listen(), await (await env.start()).listen()];
  const seq = await env.key('tiny');
  const answers: Answer[] = [];
  for (let i = 0; i < 6; i += 1) answers.push(await get(bases[i % 2]!, seq.auth));
  assert.deepEqual(
    answers.map((a) => a.status),
    [200, 200, 200, 429, 429, 429],
  );
  assert.deepEqual(
    answers.slice(0, 3).map((a) => limits(a).rateRemaining),
    [2, 1, 0],
  );
  for (const refused of answers.slice(3)) assertRefused(refused, 'rate', 3);

  const burst = await env.key('five');
  const all = await Promise.all(Array.from({ length: 50 }, (_, i) => get(bases[i % 2]!, burst.auth)));
  assert.deepEqual(statuses(all), { 200: 5, 429: 45 });
});

test('two startServer instances with REDIS_URL: exactly N, and keys usage agrees', async (t) => {
  const env = await limitsEnv(t, 'redis');
  const plansFile = writePlansFile(env.dir, PLANS);
  const config = loadConfig({
    DATABASE_URL: env.databaseUrl,
    REDIS_URL,
    HOST: '127.0.0.1',
    PORT: '0',
    TOUCHLINE_SOURCES: '',
    TOUCHLINE_PLANS_FILE: plansFile,
    // The shared response cache is keyed on URL and dataset generation only; leave nothing behind.
    TOUCHLINE_SHARED_CACHE_TTL_SECONDS: '1',
  });
  const log = pino({ level: 'silent' });
  const servers = [await startServer(config, log), await startServer(config, log)];
  for (const server of servers) env.scope.defer(() => server.close());
  // Until its Redis client is connected a server counts in its own process; /health shows the connection.
  for (const { url } of servers) {
    const deadline = Date.now() + 15_000;
    const cacheUp = async () =>
      ((await (await fetch(`${url}/api/v1/health`)).json()) as { checks: { cache: boolean } }).checks.cache;
    while (!(await cacheUp())) {
      assert.ok(Date.now() < deadline, `${url}: Redis not connected`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const k = await env.key('five');
  const all = await Promise.all(Array.from({ length: 50 }, (_, i) => get(servers[i % 2]!.url, k.auth)));
  assert.deepEqual(statuses(all), { 200: 5, 429: 45 });
  const quotaLeft = Math.min(...all.filter((a) => a.status === 200).map((a) => limits(a).quotaRemaining));
  assert.equal(quotaLeft, 995);
  for (const refused of all.filter((a) => a.status === 429)) {
    assertRefused(refused, 'rate', 5);
    assert.equal(limits(refused).quotaRemaining, quotaLeft);
  }
  const cliEnv = { DATABASE_URL: env.databaseUrl, REDIS_URL, TOUCHLINE_PLANS_FILE: plansFile };
  assert.deepEqual(await keysUsage(cliEnv, k.id), { used: 5, limit: 1000, remaining: quotaLeft });
});

test('a counter Redis lost is seeded again from the database', async (t) => {
  const env = await limitsEnv(t, 'redis');
  const admin = await readyRedis(env.scope);
  const k = await env.key('metered'); // 6 per period
  const first = await env.start();
  for (let i = 0; i < 3; i += 1) assert.equal((await inject(first.app, k.auth)).status, 200);
  await first.close(); // the ledger writes the 3 counts to the database
  const dropped = await admin.keys(`touchline:quota:${k.id}:*`);
  assert.equal(dropped.length, 1);
  assert.equal(await admin.del(...dropped), 1);

  const second = await env.start();
  const next = await inject(second.app, k.auth);
  assert.deepEqual([next.status, limits(next).quotaRemaining], [200, 2]);
  assert.equal(await admin.get(dropped[0]!), '4');
  for (let i = 0; i < 2; i += 1) assert.equal((await inject(second.app, k.auth)).status, 200);
  assertRefused(await inject(second.app, k.auth), 'quota', 6);
});
