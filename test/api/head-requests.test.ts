// HEAD of a cached route is its GET without the body: the same ETag and Content-Length, a 304 for a
// matching If-None-Match, counted like the GET (issue 45).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API } from '../support/api-contract.js';

test('HEAD requests', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);
  const urls = [
    `${API}/football/matches/${ids.matches.burnleyCity}`,
    `${API}/football/teams?limit=2`,
    `${API}/football/competitions/${ids.competitions.en1}/seasons/${ids.seasons.en1_2023}/standings`,
  ];
  for (const url of urls) {
    await t.test(url.slice(API.length), async () => {
      // Asked first: a HEAD answered without the cache is filed like its GET.
      const head = await app.inject({ method: 'HEAD', url, headers: auth() });
      const get = await app.inject({ method: 'GET', url, headers: auth() });
      assert.equal(head.statusCode, 200);
      assert.equal(head.body, '');
      assert.ok(get.headers.etag, 'the GET has an ETag');
      assert.equal(head.headers.etag, get.headers.etag);
      assert.equal(head.headers['content-length'], get.headers['content-length']);
      assert.equal(head.headers['content-type'], get.headers['content-type']);
      const again = await app.inject({ method: 'HEAD', url, headers: auth() });
      assert.equal(again.headers.etag, get.headers.etag, 'from the cache too');
      const notModified = await app.inject({
        method: 'HEAD',
        url,
        headers: { ...auth(), 'if-none-match': String(get.headers.etag) },
      });
      assert.equal(notModified.statusCode, 304);
      assert.equal(notModified.headers.etag, get.headers.etag);
    });
  }

  await t.test('counted like a GET', async () => {
    const url = `${API}/football/teams?limit=3`;
    const remaining = async (method: 'GET' | 'HEAD') =>
      Number((await app.inject({ method, url, headers: auth() })).headers['x-ratelimit-remaining']);
    const first = await remaining('GET');
    assert.equal(await remaining('HEAD'), first - 1);
  });
});
