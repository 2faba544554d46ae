import assert from 'node:assert/strict';
import { test } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { Kysely, SqliteDialect } from 'kysely';
import { buildApp } from '../../src/api/app.js';
import { DatasetGeneration } from '../../src/cache/dataset-generation.js';
import { MemoryResponseCache } from '../../src/cache/response-cache.js';
import type { Database } from '../../src/storage/schema.js';
import { buildTestApp } from '../support/build-app.js';
import { testEngine } from '../support/test-database.js';
import { API, assertError, assertJson, assertKeys, HEALTH_KEYS } from '../support/api-contract.js';
import { pastKeyTrust } from '../support/key-trust.js';

async function health(app: FastifyInstance) {
  const res = await app.inject({ url: `${API}/health` });
  assertJson(res);
  const body = res.json();
  assertKeys(body, HEALTH_KEYS, 'health');
  assertKeys(body.checks, ['database', 'cache'], 'health.checks');
  return { res, body };
}

test('database closed', async (t) => {
  const { app, auth, storage, ids } = await buildTestApp(t);
  const cachedUrl = `${API}/football/teams/${ids.teams.bayern}`;
  assert.equal((await app.inject({ url: cachedUrl, headers: auth() })).statusCode, 200);
  // Past the time a key is trusted without asking the database again (its cached answers need none).
  pastKeyTrust(t);
  await storage.close();

  await t.test('/health answers 503 with status degraded and checks.database false', async () => {
    const { res, body } = await health(app);
    assert.equal(res.statusCode, 503);
    assert.equal(body.status, 'degraded');
    assert.deepEqual(body.checks, { database: false, cache: true });
    assert.equal(body.version, 'v1');
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  await t.test('a data route answers 503 service_unavailable with Retry-After', async () => {
    for (const url of [
      `${API}/football/competitions`,
      `${API}/football/matches?status=finished`,
      // The match list and a match are read synchronously on SQLite (query-templates.ts): same answer.
      `${API}/football/matches?team_id=${ids.teams.burnley}&season_id=${ids.seasons.en1_2023}`,
      `${API}/football/matches/${ids.matches.burnleyCity}`,
      cachedUrl,
    ]) {
      const res = await app.inject({ url, headers: auth() });
      assertError(res, 503, 'service_unavailable');
      assert.match(String(res.headers['retry-after']), /^\d+$/);
    }
  });

  await t.test('a key that cannot be checked gets 503, not a misleading 401', async () => {
    // A key of a real key's shape: one of another shape is refused without a lookup.
    const res = await app.inject({ url: `${API}/football/teams`, headers: auth(`test_${'n'.repeat(32)}`) });
    assertError(res, 503, 'service_unavailable');
  });

  await t.test('routes that need no database still answer', async () => {
    assert.equal((await app.inject({ url: `${API}/openapi.json` })).statusCode, 200);
    assertError(await app.inject({ url: `${API}/nope` }), 404, 'not_found');
  });
});

test('SQLite connection closed under the query builder', async (t) => {
  // SQLite only: it opens the database file a second time and closes that handle under Kysely, a failure
  // PostgreSQL has no equivalent of ('database closed' above covers a closed pool on both engines).
  if (testEngine() !== 'sqlite') return t.skip('SQLite only: closes a better-sqlite3 handle on the file');
  const ctx = await buildTestApp(t);
  const raw = new SqliteDatabase(ctx.databaseUrl.slice('sqlite:'.length));
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
  const app = await buildApp({
    storage: { db, engine: 'sqlite', close: () => db.destroy() },
    cache: new MemoryResponseCache(10, 1 << 20),
    generation: new DatasetGeneration(db, 60_000),
    version: 'v1',
    env: 'development',
  });
  t.after(() => app.close());
  assert.equal((await app.inject({ url: `${API}/football/teams`, headers: ctx.auth() })).statusCode, 200);
  raw.close();

  await t.test('/health answers 503 degraded', async () => {
    const { res, body } = await health(app);
    assert.equal(res.statusCode, 503);
    assert.deepEqual(body.checks, { database: false, cache: true });
  });

  await t.test('a data route never answers a 500 with internals', async () => {
    const res = await app.inject({ url: `${API}/football/competitions`, headers: ctx.auth() });
    assert.ok([500, 503].includes(res.statusCode), String(res.statusCode));
    assertError(res, res.statusCode, res.statusCode === 503 ? 'service_unavailable' : 'internal_error');
    assert.doesNotMatch(res.body, /connection is not open/i);
  });

  await t.test('a data route answers 503 service_unavailable', async () => {
    const res = await app.inject({ url: `${API}/football/competitions`, headers: ctx.auth() });
    assertError(res, 503, 'service_unavailable');
  });
});

test('response cache failing', async (t) => {
  const { app, auth, cache } = await buildTestApp(t);
  const broken = async () => {
    throw new Error('cache down');
  };
  cache.probe = broken;
  cache.get = broken;
  cache.set = broken;

  await t.test('/health answers 503 degraded with checks.cache false', async () => {
    const { res, body } = await health(app);
    assert.equal(res.statusCode, 503);
    assert.equal(body.status, 'degraded');
    assert.deepEqual(body.checks, { database: true, cache: false });
  });

  await t.test('data routes still answer from the database', async () => {
    const res = await app.inject({ url: `${API}/football/teams`, headers: auth() });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().meta.request_id, res.headers['x-request-id']);
  });

  await t.test('a cache that never answers makes /health degraded within its timeout', async () => {
    cache.probe = () => new Promise<boolean>(() => undefined);
    const started = Date.now();
    const { res, body } = await health(app);
    assert.equal(res.statusCode, 503);
    assert.equal(body.checks.cache, false);
    assert.ok(Date.now() - started < 5000, 'answered promptly');
  });
});
