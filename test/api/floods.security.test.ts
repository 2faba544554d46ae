// What a client can make the server hold or do by varying its requests: respellings of one URL take one
// cache entry, a flood of answers asked once leaves the answers asked often held, large answers are
// bounded by bytes, and made-up keys cost one lookup each, not one per request, until a key is created.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { CompiledQuery } from 'kysely';
import { issueApiKey } from '../../src/auth/api-keys.js';
import { insertApiKey } from '../../src/storage/repositories/api-key.repository.js';
import { buildTestApp } from '../support/build-app.js';
import { appOnStorage } from '../support/test-app.js';
import { API } from '../support/api-contract.js';

test('floods of URLs and keys', async (t) => {
  const built = await buildTestApp(t);
  const { ids } = built;

  await t.test('respellings of one request take one cache entry', async () => {
    const { app, cache } = await appOnStorage(built.storage);
    t.after(() => app.close());
    const team = ids.teams.manCity;
    const spellings = [
      `team_id=${team}&limit=10`,
      `limit=10&team_id=${team}`,
      `limit=010&team_id=${team}`,
      `limit=0010&team_id=${team}`,
      `limit=%31%30&team_id=${team}`,
      `team_id=${team.replace('_', '%5F')}&limit=10`,
      `team_id=${team}&limit=10&page=1`,
      `page=0001&team_id=${team}&limit=10`,
    ];
    const bodies = new Set<string>();
    for (const query of spellings) {
      const res = await app.inject({ url: `${API}/football/matches?${query}`, headers: built.auth() });
      assert.equal(res.statusCode, 200, query);
      bodies.add(res.body.replace(/"request_id":"[^"]*"/, ''));
    }
    assert.equal(bodies.size, 1, 'one answer');
    assert.equal(cache.size, 1, 'one entry');
  });

  /** The storage with its key lookups counted (SQLite's synchronous reads and Kysely's). */
  function countedStorage(t: TestContext) {
    const counts = { lookups: 0 };
    const count = (sql: string) => void (sql.includes('key_hash') && (counts.lookups += 1));
    const { readNow, db } = built.storage;
    const storage = {
      ...built.storage,
      readNow:
        readNow &&
        ((query: Parameters<typeof readNow>[0]) => {
          count(query.sql);
          return readNow(query);
        }),
    };
    const executeQuery = db.executeQuery.bind(db);
    db.executeQuery = ((query: CompiledQuery) => {
      count(query.sql);
      return executeQuery(query);
    }) as unknown as typeof db.executeQuery;
    t.after(() => (db.executeQuery = executeQuery));
    return { storage, counts };
  }

  await t.test('a flood of answers asked once does not push out the answers asked often', async (t) => {
    // Room for two answers: the two asked often, once the flood has filled it.
    const { app, cache } = await appOnStorage(built.storage, { cacheEntries: 2 });
    t.after(() => app.close());
    // An answer read from the database is offered to the cache; one found there is not.
    let offered = 0;
    const set = cache.set.bind(cache);
    cache.set = (key, value) => ((offered += 1), set(key, value));
    const get = async (url: string) => {
      const res = await app.inject({ url: `${API}${url}`, headers: built.auth() });
      assert.equal(res.statusCode, 200, url);
    };
    await get('/football/competitions');
    const matches = Object.values(ids.matches).map((id) => `/football/matches/${id}`);
    const teams = Object.values(ids.teams).map((id) => `/football/teams/${id}`);
    const [hot, warm, ...flood] = [...matches, ...teams];
    assert.ok(flood.length >= 6, 'enough answers in the fixture to flood a cache of two');
    await cache.clear();
    for (let i = 0; i < 3; i += 1) for (const url of [hot!, warm!]) await get(url);
    for (const url of flood) await get(url);
    assert.equal(cache.size, 2);
    offered = 0;
    await get(hot!);
    await get(warm!);
    assert.equal(offered, 0, 'the answers asked often are still held');
    // An answer of the flood asked again and again earns its place in turn.
    for (let i = 0; i < 8; i += 1) await get(flood[0]!);
    offered = 0;
    await get(flood[0]!);
    assert.equal(offered, 0, 'an answer asked often enough is held');
  });

  await t.test('cached answers are bounded by bytes', async () => {
    const { app, cache } = await appOnStorage(built.storage, { cacheBytes: 64 * 1024 });
    t.after(() => app.close());
    for (let page = 1; page <= 40; page += 1) {
      const res = await app.inject({
        url: `${API}/football/teams?limit=100&page=${page}`,
        headers: built.auth(),
      });
      assert.equal(res.statusCode, 200);
    }
    for (const team of Object.values(ids.teams)) {
      await app.inject({ url: `${API}/football/matches?team_id=${team}&limit=100`, headers: built.auth() });
    }
    assert.ok(cache.heldBytes <= 64 * 1024, `${cache.heldBytes} bytes`);
  });

  await t.test(
    'made-up keys cost one lookup each; a key created meanwhile is valid within the poll',
    async (t) => {
      // Key lookups (by hash) reach the database through the storage's synchronous reads (SQLite) or
      // through Kysely (PostgreSQL): both are counted.
      const { storage: counted, counts } = countedStorage(t);
      const { app } = await appOnStorage(counted, { keyPollMs: 50 });
      t.after(() => app.close());
      const { key, row } = issueApiKey('development', 'late', new Date());
      const get = (token = key) =>
        app.inject({ url: `${API}/football/competitions`, headers: { authorization: `Bearer ${token}` } });
      // Unknown keys are remembered once the server has counted the keys, at start (not awaited): until a
      // made-up key asked twice costs one lookup, with a deadline rather than a guess at how long it takes.
      for (const deadline = Date.now() + 5000; ;) {
        const probe = issueApiKey('development', 'probe', new Date()).key;
        const before = counts.lookups;
        await get(probe);
        await get(probe);
        if (counts.lookups - before === 1) break;
        assert.ok(Date.now() < deadline, 'unknown keys remembered within 5 s of the start');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      counts.lookups = 0;
      for (let i = 0; i < 50; i += 1) assert.equal((await get()).statusCode, 401);
      assert.equal(counts.lookups, 1, 'one lookup for fifty requests');
      await insertApiKey(built.storage.db, row);
      // Polled every 50 ms here: known within a few polls (5 s for a machine stalled by other work).
      for (const deadline = Date.now() + 5000; (await get()).statusCode !== 200;) {
        assert.ok(Date.now() < deadline, 'a new key is known within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  );
});
