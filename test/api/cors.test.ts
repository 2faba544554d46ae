// Browser clients: CORS on every answer (read or held by the cache), preflights answered without a key
// and counted against nothing, and none of it when turned off.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { appOnStorage } from '../support/test-app.js';
import { API } from '../support/api-contract.js';

const ORIGIN = 'https://dashboard.example.org';

test('CORS', async (t) => {
  const built = await buildTestApp(t);
  const matches = `${API}/football/matches?team_id=${built.ids.teams.manCity}`;

  await t.test(
    'a preflight: 204 with the methods and headers allowed, no key, nothing counted',
    async (t) => {
      const { app } = await appOnStorage(built.storage, { corsOrigins: '*' });
      t.after(() => app.close());
      const before = await app.inject({ url: matches, headers: built.auth() });
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: matches,
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], '*');
      assert.match(String(preflight.headers['access-control-allow-methods']), /GET/);
      assert.match(String(preflight.headers['access-control-allow-headers']), /authorization/);
      assert.equal(preflight.headers['access-control-max-age'], '600');
      assert.equal(preflight.headers['x-ratelimit-remaining'], undefined, 'not admitted, not counted');
      const after = await app.inject({ url: matches, headers: built.auth() });
      assert.equal(
        Number(after.headers['x-quota-remaining']),
        Number(before.headers['x-quota-remaining']) - 1,
        'only the two GETs counted',
      );
    },
  );

  await t.test('answers to a cross-origin request expose the limit headers, errors included', async (t) => {
    const { app } = await appOnStorage(built.storage, { corsOrigins: '*' });
    t.after(() => app.close());
    const ok = await app.inject({ url: matches, headers: { ...built.auth(), origin: ORIGIN } });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.headers['access-control-allow-origin'], '*');
    const exposed = String(ok.headers['access-control-expose-headers']);
    for (const name of [
      'x-ratelimit-remaining',
      'x-quota-remaining',
      'x-request-id',
      'etag',
      'retry-after',
    ]) {
      assert.ok(exposed.includes(name), name);
    }
    const refused = await app.inject({ url: matches, headers: { origin: ORIGIN } });
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.headers['access-control-allow-origin'], '*', 'a browser can read the 401');
  });

  await t.test('through a real socket, cached answers carry CORS headers too', async (t) => {
    const { app } = await appOnStorage(built.storage, { corsOrigins: '*' });
    t.after(() => app.close());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${matches}`;
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(url, { headers: { ...built.auth(), origin: ORIGIN } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('access-control-allow-origin'), '*', `request ${i + 1}`);
      await res.arrayBuffer();
    }
  });

  for (const origins of ['*', [ORIGIN]] as const) {
    await t.test(
      `without Origin, a held answer and one read send the same headers (${String(origins)})`,
      async (t) => {
        const { app, cache } = await appOnStorage(built.storage, { corsOrigins: origins });
        t.after(() => app.close());
        await app.listen({ host: '127.0.0.1', port: 0 });
        const port = (app.server.address() as { port: number }).port;
        const urls = [matches, `${API}/football/matches/${Object.values(built.ids.matches)[0]}`];
        for (const url of urls) {
          await cache.clear();
          const full = await app.inject({ url, headers: built.auth() });
          assert.equal(cache.size, 1, 'the answer read is held');
          const fast = await fetch(`http://127.0.0.1:${port}${url}`, { headers: built.auth() });
          await fast.arrayBuffer();
          const names = (headers: string[]) =>
            headers.filter((name) => !['date', 'connection', 'keep-alive'].includes(name));
          assert.deepEqual(names([...fast.headers.keys()]).sort(), names(Object.keys(full.headers)).sort());
          for (const name of ['access-control-allow-origin', 'access-control-expose-headers', 'vary']) {
            assert.equal(fast.headers.get(name), (full.headers[name] as string | undefined) ?? null, name);
          }
        }
      },
    );
  }

  await t.test('a list of origins: the allowed one is echoed with Vary, another gets nothing', async (t) => {
    const { app } = await appOnStorage(built.storage, { corsOrigins: [ORIGIN] });
    t.after(() => app.close());
    const allowed = await app.inject({ url: matches, headers: { ...built.auth(), origin: ORIGIN } });
    assert.equal(allowed.headers['access-control-allow-origin'], ORIGIN);
    assert.match(String(allowed.headers.vary), /origin/i);
    const other = await app.inject({
      url: matches,
      headers: { ...built.auth(), origin: 'https://elsewhere.example.com' },
    });
    assert.equal(other.statusCode, 200);
    assert.equal(other.headers['access-control-allow-origin'], undefined);
  });

  await t.test('off: no CORS headers, and OPTIONS is a 405 like any other method', async (t) => {
    const { app } = await appOnStorage(built.storage, { corsOrigins: null });
    t.after(() => app.close());
    const res = await app.inject({ url: matches, headers: { ...built.auth(), origin: ORIGIN } });
    assert.equal(res.headers['access-control-allow-origin'], undefined);
    const options = await app.inject({
      method: 'OPTIONS',
      url: matches,
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
    });
    assert.equal(options.statusCode, 405);
  });

  await t.test('with CORS on, other methods on a known path are still 405 with Allow', async (t) => {
    const { app } = await appOnStorage(built.storage, { corsOrigins: '*' });
    t.after(() => app.close());
    const res = await app.inject({ method: 'DELETE', url: matches, headers: built.auth() });
    assert.equal(res.statusCode, 405);
    assert.equal(res.headers.allow, 'GET, HEAD');
  });
});
