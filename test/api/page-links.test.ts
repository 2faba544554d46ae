// RFC 8288 Link headers on paginated lists (issue 45): next while has_more, prev after the first page,
// the request's own URL with page set, from a cached answer as from a fresh one; none on a single resource.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API } from '../support/api-contract.js';

test('Link headers', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);
  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => app.inject({ method, url, headers: auth() });

  await t.test('next on the first page, next and prev in the middle, prev on the last', async () => {
    const total = (await get(`${API}/football/matches?limit=100`)).json().data.length as number;
    assert.ok(total >= 3);
    const first = await get(`${API}/football/matches?limit=1&sort=-starts_at`);
    assert.equal(first.headers.link, `</api/v1/football/matches?limit=1&sort=-starts_at&page=2>; rel="next"`);
    for (let pass = 0; pass < 2; pass += 1) {
      // The second pass is answered from the cache.
      const middle = await get(`${API}/football/matches?page=2&limit=1&sort=-starts_at`);
      assert.equal(
        middle.headers.link,
        '</api/v1/football/matches?page=3&limit=1&sort=-starts_at>; rel="next", ' +
          '</api/v1/football/matches?page=1&limit=1&sort=-starts_at>; rel="prev"',
      );
    }
    const last = await get(`${API}/football/matches?limit=1&page=${total}`);
    assert.equal(last.json().meta.has_more, false);
    assert.equal(last.headers.link, `</api/v1/football/matches?limit=1&page=${total - 1}>; rel="prev"`);
    assert.equal(
      (await get(`${API}/football/matches?limit=1&page=2`, 'HEAD')).headers.link?.includes('rel="next"'),
      true,
    );
  });

  await t.test('none on a single page or a single resource', async () => {
    assert.equal((await get(`${API}/football/matches?limit=100`)).headers.link, undefined);
    assert.equal((await get(`${API}/football/matches/${ids.matches.burnleyCity}`)).headers.link, undefined);
    assert.equal((await get(`${API}/football/teams/${ids.teams.arsenal}`)).headers.link, undefined);
  });

  await t.test('other lists: teams, with their filters kept', async () => {
    const res = await get(`${API}/football/teams?q=united&limit=1`);
    assert.equal(res.json().meta.has_more, true);
    assert.equal(res.headers.link, '</api/v1/football/teams?q=united&limit=1&page=2>; rel="next"');
  });
});
