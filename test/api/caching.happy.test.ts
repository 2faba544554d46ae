import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API } from '../support/api-contract.js';

test('response cache, ETag and If-None-Match', async (t) => {
  const { app, auth, ids, cache } = await buildTestApp(t);
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url: `${API}${url}`, headers: { ...auth(), ...headers } });

  await t.test('every cached 200 carries a weak ETag', async () => {
    for (const url of [
      '/football/competitions',
      `/football/teams/${ids.teams.bayern}`,
      `/football/matches/${ids.matches.burnleyCity}/stats`,
      '/coverage/summary',
    ]) {
      const res = await get(url);
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers.etag), /^W\/"[^"]+"$/, url);
    }
  });

  await t.test('If-None-Match with the current ETag answers 304 with no body', async () => {
    const first = await get('/football/teams');
    const etag = String(first.headers.etag);
    const again = await get('/football/teams', { 'if-none-match': etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal(again.headers.etag, etag);
  });

  await t.test('304 also when the answer is not cached yet (the client kept the ETag)', async () => {
    const url = `/football/competitions/${ids.competitions.en1}/seasons`;
    const etag = String((await get(url)).headers.etag);
    await cache.clear();
    const res = await get(url, { 'if-none-match': etag });
    assert.equal(res.statusCode, 304);
    assert.equal(res.body, '');
    assert.equal(cache.size, 1, 'the answer was cached again');
  });

  await t.test('If-None-Match with a list of tags or * answers 304', async () => {
    const etag = String((await get('/football/teams')).headers.etag);
    const listed = await get('/football/teams', { 'if-none-match': `W/"0-stale", ${etag}` });
    assert.equal(listed.statusCode, 304);
    const strong = await get('/football/teams', { 'if-none-match': etag.replace(/^W\//, '') });
    assert.equal(strong.statusCode, 304, 'weak comparison ignores the W/ prefix');
    const any = await get('/football/teams', { 'if-none-match': '*' });
    assert.equal(any.statusCode, 304);
  });

  await t.test('a different or stale ETag gets the full answer', async () => {
    const res = await get('/football/teams', { 'if-none-match': 'W/"0-stale"' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().data.length, 14);
  });

  await t.test('the ETag does not depend on the request ID', async () => {
    const a = await get('/football/matches?limit=3');
    const b = await get('/football/matches?limit=3');
    assert.notEqual(a.headers['x-request-id'], b.headers['x-request-id']);
    assert.equal(a.headers.etag, b.headers.etag);
  });

  await t.test('a cache hit returns the same body with a new request_id', async () => {
    await cache.clear();
    const url = `/football/matches?team_id=${ids.teams.manCity}`;
    const first = await get(url);
    assert.equal(cache.size, 1, 'stored on the first request');
    const second = await get(url);
    assert.equal(cache.size, 1, 'answered from the cache');
    const [a, b] = [first.json(), second.json()];
    assert.equal(a.meta.request_id, first.headers['x-request-id']);
    assert.equal(b.meta.request_id, second.headers['x-request-id']);
    assert.notEqual(a.meta.request_id, b.meta.request_id);
    assert.deepEqual(
      { ...b, meta: { ...b.meta, request_id: 'x' } },
      { ...a, meta: { ...a.meta, request_id: 'x' } },
    );
    assert.equal(second.headers['content-type'], first.headers['content-type']);
    assert.equal(second.headers.etag, first.headers.etag);
  });

  await t.test('a single resource from the cache is byte-identical', async () => {
    const url = `/football/matches/${ids.matches.noTime}`;
    const first = await get(url);
    const second = await get(url);
    assert.equal(second.body, first.body);
    assert.doesNotMatch(second.body, /__touchline_request_id__/);
  });

  await t.test('the query string is part of the cache key', async () => {
    const a = await get('/football/teams?limit=1');
    const b = await get('/football/teams?limit=2');
    assert.equal(a.json().data.length, 1);
    assert.equal(b.json().data.length, 2);
    assert.notEqual(a.headers.etag, b.headers.etag);
  });

  await t.test('errors are not cached and carry no ETag', async () => {
    await cache.clear();
    const res = await get('/football/teams/team_0000000000000000');
    assert.equal(res.statusCode, 404);
    assert.equal(res.headers.etag, undefined);
    assert.equal(cache.size, 0);
  });
});
