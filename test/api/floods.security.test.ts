// What a client can make the server hold or do by varying its requests: respellings of one URL take one
// cache entry, large answers are bounded by bytes, and made-up keys cost one lookup each, not one per
// request, until a key is created.
import assert from 'node:assert/strict';
import { test } from 'node:test';
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

  /** An app listening on a port, so that requests take the read fast path (inject bypasses it). */
  async function listening(cacheEntries: number) {
    const { app, cache } = await appOnStorage(built.storage, { cacheEntries });
    t.after(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const get = (url: string) => fetch(`${origin}${API}${url}`, { headers: built.auth() });
    // The key's first request loads its counts through the full path, which caches what it answers.
    await get('/football/competitions');
    return { cache, get };
  }

  await t.test('an answer read from the database is cached once it is asked again soon', async (t) => {
    if (built.storage.engine !== 'sqlite') return t.skip('answers are read without waiting on SQLite only');
    const { cache, get } = await listening(1000);
    const before = cache.size;
    const tail = Object.values(ids.matches).map((id) => `/football/matches/${id}`);
    for (const url of tail) assert.equal((await get(url)).status, 200);
    assert.equal(cache.size, before, 'asked once: read, not cached');
    assert.equal((await get(tail[0]!)).status, 200);
    assert.equal(cache.size, before + 1, 'asked again within fewer reads than the cache keeps: cached');
  });

  await t.test('an answer asked again later than the cache would have kept it is not cached', async (t) => {
    if (built.storage.engine !== 'sqlite') return t.skip('answers are read without waiting on SQLite only');
    const tail = Object.values(ids.matches).map((id) => `/football/matches/${id}`);
    assert.ok(tail.length >= 4, 'enough matches in the fixture');
    // A cache of 2 answers: a URL asked again after 3 other reads would have been evicted meanwhile.
    const { cache, get } = await listening(2);
    await cache.clear();
    for (const url of tail.slice(0, 4)) assert.equal((await get(url)).status, 200);
    assert.equal((await get(tail[0]!)).status, 200);
    assert.equal(cache.size, 0, 'read again: not cached');
    assert.equal((await get(tail[0]!)).status, 200);
    assert.equal(cache.size, 1, 'asked again at once: cached');
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
    async () => {
      // Key lookups (by hash) reach the database through the storage's synchronous reads (SQLite) or
      // through Kysely (PostgreSQL): both are counted.
      let lookups = 0;
      const isLookup = (sql: string) => sql.includes('key_hash');
      const { readNow } = built.storage;
      const counted = {
        ...built.storage,
        readNow:
          readNow &&
          ((query: Parameters<typeof readNow>[0]) => {
            if (isLookup(query.sql)) lookups += 1;
            return readNow(query);
          }),
      };
      const { db } = built.storage;
      const executeQuery = db.executeQuery.bind(db);
      db.executeQuery = ((query: CompiledQuery) => {
        if (isLookup(query.sql)) lookups += 1;
        return executeQuery(query);
      }) as unknown as typeof db.executeQuery;
      t.after(() => (db.executeQuery = executeQuery));
      const { app } = await appOnStorage(counted, { keyPollMs: 50 });
      t.after(() => app.close());
      const { key, row } = issueApiKey('development', 'late', new Date());
      const get = (token = key) =>
        app.inject({ url: `${API}/football/competitions`, headers: { authorization: `Bearer ${token}` } });
      // Unknown keys are remembered once the server has counted the keys, at start (not awaited): until a
      // made-up key asked twice costs one lookup, with a deadline rather than a guess at how long it takes.
      for (const deadline = Date.now() + 5000; ;) {
        const probe = issueApiKey('development', 'probe', new Date()).key;
        const before = lookups;
        await get(probe);
        await get(probe);
        if (lookups - before === 1) break;
        assert.ok(Date.now() < deadline, 'unknown keys remembered within 5 s of the start');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      lookups = 0;
      for (let i = 0; i < 50; i += 1) assert.equal((await get()).statusCode, 401);
      assert.equal(lookups, 1, 'one lookup for fifty requests');
      await insertApiKey(built.storage.db, row);
      // Polled every 50 ms here: known within a few polls (5 s for a machine stalled by other work).
      for (const deadline = Date.now() + 5000; (await get()).statusCode !== 200;) {
        assert.ok(Date.now() < deadline, 'a new key is known within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  );
});
