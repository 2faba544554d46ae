// Two server instances on one PostgreSQL database and one Redis: a response cached by one is served by
// the other, and after an ingestion (run elsewhere, on its own connection) both serve the new dataset
// within the documented bound, TOUCHLINE_GENERATION_POLL_MS.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, test } from 'node:test';
import { pino } from 'pino';
import { loadConfig } from '../../../src/config/config.js';
import { startServer, type RunningServer } from '../../../src/server/start-server.js';
import { openStorage } from '../../../src/storage/connection.js';
import {
  COUNTS,
  ingestFixture,
  makeTempDir,
  prepareDatabase,
  type FixtureName,
} from '../../support/production/fixture.js';
import { createPgDatabase, PG_PORT, REDIS_PORT, requireService } from '../../support/production/services.js';
import { exitIfStuck, within } from '../../support/production/wait.js';
import { get } from '../../support/production/http.js';

// Whatever a failure leaves behind, this file's process must end.
after(() => exitIfStuck());

const POLL_MS = 1000; // the default, which the README documents as the bound
const SLACK_MS = 1000;

test('two instances sharing PostgreSQL and Redis', { timeout: 60_000 }, async (t) => {
  if (!(await requireService(t, PG_PORT, 'PostgreSQL'))) return;
  if (!(await requireService(t, REDIS_PORT, 'Redis'))) return;
  const dir = makeTempDir('shared-cache');
  const databases: Array<{ drop(): Promise<void> }> = [];
  const servers: RunningServer[] = [];
  t.after(async () => {
    for (const server of servers) await server.close().catch(() => undefined);
    for (const database of databases) await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const log = pino({ level: 'silent' });
  // The shared Redis is everyone's: entries written here expire soon after the test (they live an hour
  // by default), so they cannot be read by later runs at the same generation numbers.
  const deploy = async (fixture: FixtureName, instances: number, ttlSeconds = 60) => {
    const database = await createPgDatabase('shared');
    databases.push(database);
    const { key } = await prepareDatabase(database.url(), dir, fixture);
    const config = loadConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: database.url(),
      REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
      TOUCHLINE_SHARED_CACHE_TTL_SECONDS: String(ttlSeconds),
      TOUCHLINE_SOURCES: '',
      LOG_LEVEL: 'silent',
    });
    assert.equal(config.generationPollMs, POLL_MS);
    const bases: string[] = [];
    for (let i = 0; i < instances; i += 1) {
      const server = await startServer(config, log);
      servers.push(server);
      bases.push(`${server.url}/api/v1`);
    }
    for (const base of bases) assert.equal((await get(`${base}/health`)).body?.status, 'ok', base);
    return { url: database.url(), key, bases };
  };
  const { url, key, bases } = await deploy('A', 2);
  const counts = async (base: string, apiKey = key) => {
    const summary = await get(`${base}/coverage/summary`, apiKey);
    const list = await get(`${base}/football/matches?limit=100`, apiKey);
    assert.equal(summary.status, 200);
    assert.equal(list.status, 200);
    const data = summary.body?.data as { matches: number; competitions: number };
    assert.equal((list.body?.data as unknown[]).length, data.matches, 'list and summary agree');
    return { matches: data.matches, competitions: data.competitions };
  };

  await t.test('both instances serve fixture A', async () => {
    for (const base of bases) assert.deepEqual(await counts(base), COUNTS.A, base);
  });

  await t.test('a response cached by one instance is served by the other', async () => {
    const direct = openStorage(url);
    t.after(() => direct.close());
    const team = await direct.db
      .selectFrom('teams')
      .select(['id', 'name'])
      .where('name', '=', 'Arsenal FC')
      .executeTakeFirstOrThrow();
    const teamUrl = (base: string) => `${base}/football/teams/${team.id}`;
    const first = await get(teamUrl(bases[0]!), key);
    assert.equal((first.body?.data as { name: string }).name, 'Arsenal FC');

    // Changed behind the API's back (no ingestion, so no new generation): only a cache still says Arsenal.
    const renamed = 'Renamed Behind The API';
    await direct.db.updateTable('teams').set({ name: renamed }).where('id', '=', team.id).execute();
    try {
      // The team list reads the teams table itself (a match list reads the JSON the runs stored, which
      // a write behind the API's back does not rewrite).
      const fromDatabase = await get(`${bases[1]}/football/teams?limit=100`, key);
      assert.match(
        JSON.stringify(fromDatabase.body),
        new RegExp(renamed),
        'an uncached URL reads the change',
      );
      const second = await get(teamUrl(bases[1]!), key);
      assert.equal(second.status, 200);
      assert.equal(
        (second.body?.data as { name: string }).name,
        'Arsenal FC',
        'served from the shared cache',
      );
      assert.equal(second.headers.get('etag'), first.headers.get('etag'));
    } finally {
      await direct.db.updateTable('teams').set({ name: team.name }).where('id', '=', team.id).execute();
    }
  });

  await t.test(`after an ingestion elsewhere both serve it within ${POLL_MS} + ${SLACK_MS} ms`, async () => {
    const ingestion = openStorage(url);
    t.after(() => ingestion.close());
    await ingestFixture(ingestion, dir, 'B');
    const committed = Date.now();
    const seen = await Promise.all(
      bases.map((base) =>
        within(
          POLL_MS + SLACK_MS,
          async () => (await counts(base)).matches === COUNTS.B.matches,
          `${base} serving fixture B`,
        ).then(() => Date.now() - committed),
      ),
    );
    t.diagnostic(`fixture B served ${seen.join(' ms and ')} ms after the ingestion committed`);
    // Once the new dataset is served, neither instance goes back to the old one.
    for (let round = 0; round < 5; round += 1) {
      for (const base of bases) assert.deepEqual(await counts(base), COUNTS.B, base);
    }
  });

  await t.test('concurrent /health checks of both instances all answer 200', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => get(`${bases[i % 2]}/health`)));
    const degraded = answers.filter((a) => a.status !== 200).map((a) => JSON.stringify(a.body?.checks));
    assert.deepEqual(degraded, [], `${degraded.length} of 200 health checks degraded`);
  });

  await t.test(
    'another deployment sharing the Redis serves its own data (generations are unique across databases)',
    async () => {
      const other = await deploy('C', 1, 1);
      assert.deepEqual(await counts(other.bases[0]!, other.key), COUNTS.C);
    },
  );
});
