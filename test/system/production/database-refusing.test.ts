// A PostgreSQL that is up but refuses connections to the database (ALLOW_CONNECTIONS false: SQLSTATE
// 55000, "database is not accepting connections"), as during maintenance: an outage, answered 503 with
// Retry-After on every route, cached answers included, and served again once the database reopens.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, test } from 'node:test';
import { pino } from 'pino';
import { KEY_TRUST_MS } from '../../../src/auth/key-directory.js';
import { loadConfig } from '../../../src/config/config.js';
import { startServer, type RunningServer } from '../../../src/server/start-server.js';
import { makeTempDir, prepareDatabase } from '../../support/production/fixture.js';
import { createPgDatabase, PG_PORT, requireService } from '../../support/production/services.js';
import { exitIfStuck, within } from '../../support/production/wait.js';
import { errorCode, get } from '../../support/production/http.js';

after(() => exitIfStuck());

test(
  'PostgreSQL refusing connections to the database answers 503, not 500',
  { timeout: 60_000 },
  async (t) => {
    if (!(await requireService(t, PG_PORT, 'PostgreSQL'))) return;
    const dir = makeTempDir('pg-refusing');
    const database = await createPgDatabase('refusing');
    const running: { server?: RunningServer } = {};
    t.after(async () => {
      await running.server?.close().catch(() => undefined);
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const { key } = await prepareDatabase(database.url(), dir, 'A');
    const config = loadConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: database.url(),
      TOUCHLINE_SOURCES: '',
      LOG_LEVEL: 'silent',
    });
    const server = (running.server = await startServer(config, pino({ level: 'silent' })));
    const api = `${server.url}/api/v1`;
    let page = 0;
    const uncached = () => `${api}/football/matches?limit=1&page=${(page += 1)}`;
    const cachedUrl = `${api}/coverage/summary`;
    assert.equal((await get(cachedUrl, key)).status, 200);
    assert.equal((await get(uncached(), key)).status, 200);

    await database.refuseConnections(true);
    await new Promise((resolve) => setTimeout(resolve, KEY_TRUST_MS + 50));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const health = await get(`${api}/health`);
      assert.equal(health.status, 503);
      assert.deepEqual(health.body?.checks, { database: false, cache: true });
      for (const url of [uncached(), cachedUrl]) {
        const answer = await get(url, key);
        assert.equal(answer.status, 503, `${url}: ${JSON.stringify(answer.body)}`);
        assert.equal(errorCode(answer), 'service_unavailable');
        assert.equal(answer.headers.get('retry-after'), '5');
      }
    }

    await database.refuseConnections(false);
    await within(5000, async () => (await get(uncached(), key)).status === 200, 'a data route 200 again');
    assert.equal((await get(cachedUrl, key)).status, 200);
    assert.equal((await get(`${api}/health`)).status, 200);
  },
);
