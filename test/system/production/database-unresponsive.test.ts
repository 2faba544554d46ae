// PostgreSQL that stops answering without closing anything (a network partition, a stalled server):
// connections stay open and silent. /health notices within its 1 s check; data routes answer 503
// service_unavailable, never a 500, at worst after the pool's 10 s query timeout on a connection that was
// already open; and everything answers again once the database does, without a restart.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, test } from 'node:test';
import { pino } from 'pino';
import { loadConfig } from '../../../src/config/config.js';
import { startServer, type RunningServer } from '../../../src/server/start-server.js';
import { makeTempDir, prepareDatabase } from '../../support/production/fixture.js';
import { createPgDatabase, PG_PORT, requireService } from '../../support/production/services.js';
import { exitIfStuck, within } from '../../support/production/wait.js';
import { errorCode, get } from '../../support/production/http.js';
import { startTcpProxy } from '../../support/production/tcp-proxy.js';

// Whatever a failure leaves behind, this file's process must end.
after(() => exitIfStuck());

const HEALTH_WITHIN_MS = 2000;
/** src/storage/connection.ts: query_timeout 10 s, connectionTimeoutMillis 1 s. */
const QUERY_TIMEOUT_MS = 10_000;

test('PostgreSQL unresponsive, then back, under a running server', { timeout: 60_000 }, async (t) => {
  if (!(await requireService(t, PG_PORT, 'PostgreSQL'))) return;
  const dir = makeTempDir('pg-stall');
  const database = await createPgDatabase('stall');
  const proxy = await startTcpProxy(PG_PORT);
  const running: { server?: RunningServer } = {};
  t.after(async () => {
    proxy.thaw();
    await running.server?.close().catch(() => undefined);
    await proxy.close();
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const { key } = await prepareDatabase(database.url(), dir, 'A');
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: database.url(proxy.port),
    TOUCHLINE_SOURCES: '',
    LOG_LEVEL: 'silent',
  });
  const server = (running.server = await startServer(config, pino({ level: 'silent' })));
  const api = `${server.url}/api/v1`;
  let page = 0;
  const uncached = () => `${api}/football/matches?limit=1&page=${(page += 1)}`;

  await t.test('healthy', async () => {
    // Several at once, so the pool holds several open connections when the database goes silent.
    const answers = await Promise.all([1, 2, 3, 4].map(() => get(uncached(), key)));
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200, 200],
    );
  });

  await t.test('silent: 503 from /health within 2 s; 503, never 500, from data routes', async () => {
    proxy.freeze();
    const data = [1, 2, 3, 4, 5].map(() => get(uncached(), key, QUERY_TIMEOUT_MS + 5000));
    const health = await get(`${api}/health`, undefined, 5000);
    assert.equal(health.status, 503);
    assert.deepEqual(health.body?.checks, { database: false, cache: true });
    assert.ok(health.ms < HEALTH_WITHIN_MS, `/health took ${health.ms} ms`);
    const answers = await Promise.all(data);
    for (const answer of answers) {
      assert.equal(answer.status, 503, JSON.stringify(answer.body));
      assert.equal(errorCode(answer), 'service_unavailable');
      assert.ok(answer.ms < QUERY_TIMEOUT_MS + 2000, `took ${answer.ms} ms`);
    }
    t.diagnostic(`/health ${health.ms} ms; data routes ${answers.map((a) => a.ms).join(', ')} ms`);
  });

  await t.test('answering again: 200 within 5 s, without a restart', async () => {
    proxy.thaw();
    const healthMs = await within(5000, async () => (await get(`${api}/health`)).status === 200, '/health');
    const dataMs = await within(5000, async () => (await get(uncached(), key)).status === 200, 'data');
    t.diagnostic(`recovered: /health after ${healthMs} ms, a data route ${dataMs} ms later`);
  });
});
