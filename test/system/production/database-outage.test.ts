// PostgreSQL going away under a running server, and coming back: a TCP proxy stands in for the database
// server, so stopping it refuses and cuts every connection as a stopped PostgreSQL would, without touching
// the PostgreSQL other tests use.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, test } from 'node:test';
import { pino } from 'pino';
import { loadConfig } from '../../../src/config/config.js';
import { KEY_TRUST_MS } from '../../../src/auth/key-directory.js';
import { billingPeriod } from '../../../src/limits/billing-period.js';
import { startServer, type RunningServer } from '../../../src/server/start-server.js';
import { openStorage } from '../../../src/storage/connection.js';
import { readUsage } from '../../../src/storage/repositories/key-usage.repository.js';
import { makeTempDir, prepareDatabase } from '../../support/production/fixture.js';
import { createPgDatabase, PG_PORT, requireService } from '../../support/production/services.js';
import { exitIfStuck, within } from '../../support/production/wait.js';
import { errorCode, get, type Answer } from '../../support/production/http.js';
import { startTcpProxy } from '../../support/production/tcp-proxy.js';

// Whatever a failure leaves behind, this file's process must end.
after(() => exitIfStuck());

const ANSWER_WITHIN_MS = 2000;
const RECOVER_WITHIN_MS = 5000;

const quotaUsed = (answer: Answer) =>
  Number(answer.headers.get('x-quota-limit')) - Number(answer.headers.get('x-quota-remaining'));

test('PostgreSQL stopped, then back, under a running server', { timeout: 60_000 }, async (t) => {
  if (!(await requireService(t, PG_PORT, 'PostgreSQL'))) return;
  const dir = makeTempDir('pg-outage');
  const database = await createPgDatabase('fault');
  const proxy = await startTcpProxy(PG_PORT);
  const running: { server?: RunningServer } = {};
  t.after(async () => {
    await running.server?.close().catch(() => undefined);
    await proxy.close();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const { key, keyId } = await prepareDatabase(database.url(), dir, 'A');
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: database.url(proxy.port),
    TOUCHLINE_SOURCES: '',
    LOG_LEVEL: 'silent',
    // Counts written every second, so that a write fails while the database is away (below).
    TOUCHLINE_USAGE_FLUSH_MS: '1000',
  });
  const server = (running.server = await startServer(config, pino({ level: 'silent' })));
  const api = `${server.url}/api/v1`;
  // Each call asks for a URL no response cache has seen, so the answer must come from the database.
  let page = 0;
  const uncached = () => `${api}/football/matches?limit=1&page=${(page += 1)}`;
  const cachedUrl = `${api}/coverage/summary`;
  let lastCounted: Answer | undefined;

  await t.test('healthy: /health and data routes answer 200', async () => {
    const health = await get(`${api}/health`);
    assert.equal(health.status, 200);
    assert.deepEqual(health.body?.checks, { database: true, cache: true });
    assert.equal((await get(cachedUrl, key)).status, 200);
    lastCounted = await get(uncached(), key);
    assert.equal(lastCounted.status, 200);
  });

  await t.test(`stopped: 503 within ${ANSWER_WITHIN_MS} ms, every time`, async () => {
    await proxy.stop();
    // A key read from the database is trusted for KEY_TRUST_MS (docs/api.md); past that it must be read again.
    await new Promise((resolve) => setTimeout(resolve, KEY_TRUST_MS + 50));
    const timings: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const health = await get(`${api}/health`);
      assert.equal(health.status, 503);
      assert.equal(health.body?.status, 'degraded');
      assert.deepEqual(health.body?.checks, { database: false, cache: true });
      assert.ok(health.ms < ANSWER_WITHIN_MS, `/health took ${health.ms} ms`);
      timings.push(health.ms);

      // A cached URL needs the database too: once its trust has run out, the key must be read again.
      for (const url of [uncached(), cachedUrl]) {
        const data = await get(url, key);
        assert.equal(data.status, 503, url);
        assert.equal(errorCode(data), 'service_unavailable');
        assert.equal(data.headers.get('retry-after'), '5');
        const details = (data.body?.error as { details?: { request_id?: unknown } }).details;
        assert.equal(details?.request_id, data.headers.get('x-request-id'));
        assert.ok(data.ms < ANSWER_WITHIN_MS, `${url} took ${data.ms} ms`);
        timings.push(data.ms);
      }
    }
    t.diagnostic(`outage answers took ${Math.min(...timings)}-${Math.max(...timings)} ms`);
    // Long enough for the usage ledger's once-a-second flush to fail at least once.
    await new Promise((resolve) => setTimeout(resolve, 1200));
  });

  await t.test(`back: 200 again within ${RECOVER_WITHIN_MS} ms, without a restart`, async () => {
    await proxy.start();
    const healthMs = await within(
      RECOVER_WITHIN_MS,
      async () => (await get(`${api}/health`)).status === 200,
      '/health 200 after PostgreSQL came back',
    );
    const dataMs = await within(
      RECOVER_WITHIN_MS,
      async () => (lastCounted = await get(uncached(), key)).status === 200,
      'a data route 200 after PostgreSQL came back',
    );
    const health = await get(`${api}/health`);
    assert.equal(health.body?.status, 'ok');
    assert.deepEqual(health.body?.checks, { database: true, cache: true });
    assert.equal((lastCounted = await get(cachedUrl, key)).status, 200);
    t.diagnostic(`recovered: /health after ${healthMs} ms, a data route ${dataMs} ms later`);
  });

  await t.test('back: requests counted against the quota reach the database again', async () => {
    // The ledger flushes once a second; a flush that failed during the outage must not stop later ones.
    const expected = quotaUsed(lastCounted!);
    const direct = openStorage(database.url());
    t.after(() => direct.close());
    const periodStart = billingPeriod(new Date(), null).start.toISOString();
    let persisted = -1;
    await within(
      3000,
      async () => (persisted = await readUsage(direct.db, keyId, periodStart)) === expected,
      `persisted usage ${expected}`,
    ).catch((error: Error) => assert.fail(`${error.message}; the database holds ${persisted}`));
  });
});
