// How fresh a live match's answers are: its live-* answers say how briefly they may be kept, and the server
// keeps none of them. (What an applied update invalidates: test/api/per-record-invalidation.test.ts.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../support/build-app.js';
import { appOnStorage } from '../../support/test-app.js';
import { appendUpdate } from '../../support/stream/stream-app.js';

test('a live match’s live-* answers carry Cache-Control: max-age=5 and are not kept by the server', async (t) => {
  const built = await buildTestApp(t);
  const { storage, ids } = built;
  const match = ids.matches.scheduled;
  await storage.db.updateTable('matches').set({ status: 'live' }).where('id', '=', match).execute();
  await appendUpdate(storage, match, ids.competitions.en1);
  const { app, cache } = await appOnStorage(storage);
  t.after(() => app.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url: `/api/v1/football/matches/${url}`, headers: { ...built.auth(), ...headers } });

  for (const suffix of ['live-stats', 'live-timeline', 'live-player-stats']) {
    const res = await get(`${match}/${suffix}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'max-age=5', suffix);
    assert.equal((res.json() as { data: { status: string } }).data.status, 'live');
    assert.ok(res.headers.etag, 'an ETag still');
    const again = await get(`${match}/${suffix}`, { 'if-none-match': String(res.headers.etag) });
    assert.equal(again.statusCode, 304, 'and a 304 for it');
  }
  assert.equal(cache.size, 0, 'none kept in the response cache');

  const ordinary = await get(`${match}/timeline`);
  assert.equal(ordinary.headers['cache-control'], undefined, 'the ordinary route as before');
  const notLive = await get(`${ids.matches.burnleyCity}/live-timeline`);
  assert.equal(notLive.headers['cache-control'], undefined, 'a match that is not live as before');
  assert.equal(cache.size, 2, 'those cached as before');
});
