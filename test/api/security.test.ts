import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API, assertError } from '../support/api-contract.js';

test('authentication', async (t) => {
  const { app, keys, ids, cache } = await buildTestApp(t);
  const get = (url: string, authorization?: string) =>
    app.inject({ url: `${API}${url}`, headers: authorization === undefined ? {} : { authorization } });

  /** 401 invalid_api_key with a Bearer challenge. */
  const assertUnauthorized = (res: Awaited<ReturnType<typeof get>>, reason?: string) => {
    const details = assertError(res, 401, 'invalid_api_key');
    assert.match(String(res.headers['www-authenticate']), /^Bearer\b/);
    if (reason) assert.equal(details.reason, reason);
    assert.equal(res.headers.etag, undefined);
  };

  await t.test('a valid key is accepted', async () => {
    const res = await get('/football/competitions', `Bearer ${keys.valid}`);
    assert.equal(res.statusCode, 200);
  });

  await t.test('the scheme name is case-insensitive', async () => {
    assert.equal((await get('/football/competitions', `bearer ${keys.valid}`)).statusCode, 200);
  });

  await t.test('no Authorization header: 401 with WWW-Authenticate', async () => {
    assertUnauthorized(await get('/football/competitions'), 'missing');
  });

  await t.test('every authenticated route asks for a key', async () => {
    for (const url of [
      '/coverage/summary',
      '/coverage/leagues',
      `/coverage/leagues/${ids.competitions.en1}`,
      `/football/competitions/${ids.competitions.en1}/seasons`,
      `/football/competitions/${ids.competitions.en1}/seasons/${ids.seasons.en1_2023}/standings`,
      '/football/matches',
      `/football/matches/${ids.matches.burnleyCity}`,
      `/football/matches/${ids.matches.burnleyCity}/live-timeline`,
      '/football/teams',
      `/football/teams/${ids.teams.bayern}/injuries-suspensions`,
    ]) {
      assertUnauthorized(await get(url));
    }
  });

  await t.test('authentication comes before validation and lookups', async () => {
    assertUnauthorized(await get('/football/matches?status=bogus'));
    assertUnauthorized(await get('/football/teams/team_0000000000000000'));
  });

  await t.test('malformed Authorization headers: 401', async () => {
    for (const header of [
      'Token x',
      'Bearer',
      'Bearer ',
      `Basic ${keys.valid}`,
      keys.valid,
      `Bearer ${keys.valid} extra`,
    ]) {
      assertUnauthorized(await get('/football/competitions', header), 'malformed');
    }
  });

  await t.test('an unknown key: 401', async () => {
    assertUnauthorized(
      await get('/football/competitions', 'Bearer test_unknownunknownunknownunknown1'),
      'invalid',
    );
    assertUnauthorized(await get('/football/competitions', `Bearer ${keys.valid}x`), 'invalid');
  });

  await t.test('a revoked key: 401', async () => {
    assertUnauthorized(await get('/football/competitions', `Bearer ${keys.revoked}`), 'revoked');
  });

  await t.test('an expired key: 401', async () => {
    assertUnauthorized(await get('/football/competitions', `Bearer ${keys.expired}`), 'expired');
  });

  await t.test('a live_ key against the development server: 401', async () => {
    assert.match(keys.live, /^live_/);
    assertUnauthorized(await get('/football/competitions', `Bearer ${keys.live}`), 'invalid');
  });

  await t.test('an inactive subscription: 403 subscription_inactive', async () => {
    const res = await get('/football/competitions', `Bearer ${keys.inactive}`);
    assertError(res, 403, 'subscription_inactive');
  });

  await t.test('/health and /openapi.json need no key', async () => {
    assert.equal((await get('/health')).statusCode, 200);
    assert.equal((await get('/openapi.json')).statusCode, 200);
  });

  await t.test('error bodies never echo the presented key', async () => {
    for (const key of [keys.revoked, keys.expired, keys.live, keys.inactive]) {
      const res = await get('/football/teams', `Bearer ${key}`);
      assert.ok(!res.body.includes(key));
      assert.ok(!String(res.headers['www-authenticate'] ?? '').includes(key));
    }
  });

  await t.test('an auth failure is never served from the cache', async () => {
    const url = `/football/teams/${ids.teams.bayern}`;
    const good = await get(url, `Bearer ${keys.valid}`);
    assert.equal(good.statusCode, 200);
    assert.ok(cache.size > 0);
    const hit = await get(url, `Bearer ${keys.valid}`);
    assert.equal(hit.body, good.body, 'cached');

    assertUnauthorized(await get(url));
    assertUnauthorized(await get(url, `Bearer ${keys.revoked}`));
    assertUnauthorized(await get(url, `Bearer ${keys.live}`));
    assertError(await get(url, `Bearer ${keys.inactive}`), 403, 'subscription_inactive');
  });

  await t.test('a matching If-None-Match does not bypass authentication', async () => {
    const url = '/football/competitions';
    const etag = String((await get(url, `Bearer ${keys.valid}`)).headers.etag);
    const res = await app.inject({ url: `${API}${url}`, headers: { 'if-none-match': etag } });
    assertUnauthorized(res);
    const revoked = await app.inject({
      url: `${API}${url}`,
      headers: { 'if-none-match': etag, authorization: `Bearer ${keys.revoked}` },
    });
    assertUnauthorized(revoked, 'revoked');
  });
});
