// Redis going away under a running server, and coming back: a TCP proxy stands in for the Redis server,
// without touching the Redis other tests use. "Stopped" refuses and cuts every connection, as a stopped
// Redis does; "silent" keeps them open and passes nothing, as a network partition does. The database
// (SQLite here) stays up throughout, and the API keeps answering from it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test, type TestContext } from 'node:test';
import { pino } from 'pino';
import { loadConfig } from '../../../src/config/config.js';
import { startServer, type RunningServer } from '../../../src/server/start-server.js';
import { makeTempDir, prepareDatabase } from '../../support/production/fixture.js';
import { REDIS_PORT, requireService } from '../../support/production/services.js';
import { exitIfStuck, within } from '../../support/production/wait.js';
import { get } from '../../support/production/http.js';
import { startTcpProxy, type TcpProxy } from '../../support/production/tcp-proxy.js';

// Whatever a failure leaves behind, this file's process must end.
after(() => exitIfStuck());

const ANSWER_WITHIN_MS = 2000;
const RECOVER_WITHIN_MS = 5000;

interface Outage {
  /** The bound on a data route's answer while Redis is away. */
  dataWithinMs: number;
  begin(proxy: TcpProxy): Promise<void> | void;
  end(proxy: TcpProxy): Promise<void> | void;
}

async function redisOutage(t: TestContext, outage: Outage): Promise<void> {
  if (!(await requireService(t, REDIS_PORT, 'Redis'))) return;
  const dir = makeTempDir('redis-outage');
  const proxy = await startTcpProxy(REDIS_PORT);
  const running: { server?: RunningServer } = {};
  t.after(async () => {
    proxy.thaw();
    await running.server?.close().catch(() => undefined);
    await proxy.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const databaseUrl = `sqlite:${path.join(dir, 'touchline.db')}`;
  const { key } = await prepareDatabase(databaseUrl, dir, 'A');
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
    // The Redis behind the proxy is shared with other tests: let what this one caches expire soon.
    TOUCHLINE_SHARED_CACHE_TTL_SECONDS: '60',
    TOUCHLINE_SOURCES: '',
    LOG_LEVEL: 'silent',
  });
  const server = (running.server = await startServer(config, pino({ level: 'silent' })));
  const api = `${server.url}/api/v1`;
  // Each call asks for a URL no response cache has seen, so the answer must come from the database.
  let page = 0;
  const uncached = () => `${api}/football/matches?limit=1&page=${(page += 1)}`;
  const cachedUrls = [`${api}/coverage/summary`, `${api}/football/competitions`];
  const before = new Map<string, unknown>();

  await t.test('healthy: /health 200 with checks.cache true; data routes 200', async () => {
    const health = await get(`${api}/health`);
    assert.equal(health.status, 200);
    assert.deepEqual(health.body?.checks, { database: true, cache: true });
    for (const url of cachedUrls) {
      const answer = await get(url, key);
      assert.equal(answer.status, 200, url);
      before.set(url, answer.body?.data);
    }
    assert.equal((await get(uncached(), key)).status, 200);
  });

  await t.test(
    `away: /health 503 within ${ANSWER_WITHIN_MS} ms; data 200 within ${outage.dataWithinMs} ms`,
    async () => {
      await outage.begin(proxy);
      const healthTimes: number[] = [];
      const dataTimes: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const health = await get(`${api}/health`);
        assert.equal(health.status, 503);
        assert.equal(health.body?.status, 'degraded');
        assert.deepEqual(health.body?.checks, { database: true, cache: false });
        assert.ok(health.ms < ANSWER_WITHIN_MS, `/health took ${health.ms} ms`);
        healthTimes.push(health.ms);

        for (const url of [uncached(), ...cachedUrls]) {
          const data = await get(url, key);
          assert.equal(data.status, 200, `${url}: ${JSON.stringify(data.body)}`);
          assert.ok(data.ms < outage.dataWithinMs, `${url} took ${data.ms} ms`);
          if (before.has(url)) assert.deepEqual(data.body?.data, before.get(url), url);
          dataTimes.push(data.ms);
        }
      }
      t.diagnostic(
        `away: /health ${Math.min(...healthTimes)}-${Math.max(...healthTimes)} ms, ` +
          `data ${Math.min(...dataTimes)}-${Math.max(...dataTimes)} ms`,
      );
    },
  );

  await t.test(`back: /health 200 within ${RECOVER_WITHIN_MS} ms, without a restart`, async () => {
    await outage.end(proxy);
    const ms = await within(
      RECOVER_WITHIN_MS,
      async () => (await get(`${api}/health`)).status === 200,
      '/health 200 after Redis came back',
    );
    const health = await get(`${api}/health`);
    assert.deepEqual(health.body?.checks, { database: true, cache: true });
    for (const url of [uncached(), ...cachedUrls]) assert.equal((await get(url, key)).status, 200, url);
    t.diagnostic(`back: /health 200 after ${ms} ms`);
  });
}

test('Redis stopped, then back, under a running server', { timeout: 60_000 }, (t) =>
  redisOutage(t, {
    dataWithinMs: ANSWER_WITHIN_MS,
    begin: (proxy) => proxy.stop(),
    end: (proxy) => proxy.start(),
  }),
);

test('Redis silent (connections open, nothing answers), then back', { timeout: 60_000 }, (t) =>
  redisOutage(t, {
    // Each Redis command waits out its 500 ms commandTimeout (src/cache/redis-response-cache.ts): an
    // uncached answer makes three (the rate limit, the cache read, the cache write), plus some slack.
    dataWithinMs: 3 * 500 + 1000,
    begin: (proxy) => proxy.freeze(),
    end: (proxy) => proxy.thaw(),
  }),
);
