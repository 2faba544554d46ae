// Batch and expansion on matches (issue 40): ids= lists the matches named, in order, with the unknown in
// meta.missing, in one request; include= puts the four detail sub-resources in a match byte for byte,
// one cache entry per include set, bounded on lists, and follows the match's changes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyMatchUpdate } from '../../src/live/apply-update.js';
import { buildTestApp } from '../support/build-app.js';
import { appOnStorage } from '../support/test-app.js';
import { API, assertError, getOk } from '../support/api-contract.js';

const SUBS = {
  stats: 'stats',
  lineups: 'lineups',
  timeline: 'timeline',
  player_stats: 'player-stats',
} as const;

test('ids and include', async (t) => {
  const built = await buildTestApp(t);
  const { app, auth, ids } = built;
  const get = (url: string, headers = {}) =>
    app.inject({ url: `${API}${url}`, headers: { ...auth(), ...headers } });
  const all = (await getOk(app, `${API}/football/matches?limit=100`, auth())).body.data as Array<{
    id: string;
  }>;
  const [a, b, c] = [all[2]!.id, all[0]!.id, all[1]!.id];

  await t.test(
    'ids: the matches named, in the order asked, once each; the unknown in meta.missing',
    async () => {
      const unknown = 'match_4x7k2m9q8w1z5v3n';
      const res = await get(`/football/matches?ids=${a},${b},${unknown},${a},${c}`);
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(
        body.data.map((m: { id: string }) => m.id),
        [a, b, c],
      );
      assert.deepEqual(body.meta.missing, [unknown]);
      assert.deepEqual([body.meta.page, body.meta.limit, body.meta.has_more], [1, 4, false]);
      // Each match exactly as its own route answers it.
      for (const [i, id] of [a, b, c].entries()) {
        const one = (await get(`/football/matches/${id}`)).body;
        assert.equal(JSON.stringify(body.data[i]), one.slice('{"data":'.length, -1));
      }
      const none = (await get(`/football/matches?ids=${unknown}`)).json();
      assert.deepEqual([none.data, none.meta.missing], [[], [unknown]]);
      const zoned = (await get(`/football/matches?ids=${ids.matches.burnleyCity}&tz=Europe/London`)).json();
      assert.match(zoned.data[0].starts_at, /\+01:00$/);
    },
  );

  await t.test(
    'ids: 100 in one request, counted once; 101, malformed, with a filter or page 2: 400',
    async () => {
      const hundred = Array.from({ length: 100 }, (_, i) =>
        all[i % all.length]!.id.replace(/.$/, String(i % 10)),
      );
      const first = await get(`/football/matches?limit=1`);
      const res = await get(`/football/matches?ids=${hundred.join(',')}`);
      assert.equal(res.statusCode, 200);
      assert.equal(
        Number(res.headers['x-ratelimit-remaining']),
        Number(first.headers['x-ratelimit-remaining']) - 1,
      );
      for (const [query, parameter] of [
        [`ids=${[...hundred, a].join(',')}`, 'ids'],
        ['ids=match_%20x', 'ids'],
        [`ids=${a}&team_id=${ids.teams.arsenal}`, 'team_id'],
        [`ids=${a}&page=2`, 'page'],
      ] as const) {
        assert.equal(
          assertError(await get(`/football/matches?${query}`), 400, 'invalid_parameter').parameter,
          parameter,
          query,
        );
      }
    },
  );

  await t.test('include: each part is its sub-resource’s data, byte for byte', async () => {
    const id = ids.matches.burnleyCity;
    const res = await get(`/football/matches/${id}?include=stats,lineups,timeline,player_stats`);
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(Object.keys(body.data.included), ['stats', 'lineups', 'timeline', 'player_stats']);
    for (const [name, suffix] of Object.entries(SUBS)) {
      const sub = (await get(`/football/matches/${id}/${suffix}`)).body;
      const data = sub.slice('{"data":'.length, -1);
      assert.ok(res.body.includes(`"${name}":${data}`), `${name} is /${suffix}'s data`);
      assert.equal(JSON.stringify(body.data.included[name]), data);
    }
    const plain = (await get(`/football/matches/${id}`)).json();
    assert.deepEqual({ ...body.data, included: undefined }, { ...plain.data, included: undefined });
  });

  await t.test('include: one cache entry and ETag per set, whatever its order; bad sets 400', async () => {
    const id = ids.matches.burnleyCity;
    const one = await get(`/football/matches/${id}?include=lineups,stats`);
    const two = await get(`/football/matches/${id}?include=stats,lineups`);
    assert.equal(one.headers.etag, two.headers.etag);
    assert.equal(one.body, two.body);
    assert.notEqual((await get(`/football/matches/${id}?include=stats`)).headers.etag, one.headers.etag);
    for (const include of ['odds', 'stats,stats', 'stats,', '']) {
      assertError(await get(`/football/matches/${id}?include=${include}`), 400, 'invalid_parameter');
    }
  });

  await t.test('include on a list: a page of at most 20 matches', async () => {
    const list = await get(`/football/matches?limit=3&include=timeline`);
    assert.equal(list.statusCode, 200);
    assert.ok(list.json().data.every((m: { included?: { timeline?: unknown } }) => m.included?.timeline));
    assert.equal(
      assertError(await get(`/football/matches?limit=21&include=timeline`), 400, 'invalid_parameter')
        .parameter,
      'include',
    );
    assert.equal(
      assertError(await get(`/football/matches?include=timeline`), 400, 'invalid_parameter').parameter,
      'include',
      'the default limit is 25',
    );
    const byIds = await get(`/football/matches?ids=${a},${b}&include=stats`);
    assert.equal(byIds.json().data.length, 2);
  });

  await t.test('include follows the match: a live update changes its ETag and its parts', async () => {
    const served = await appOnStorage(built.storage);
    t.after(() => served.app.close());
    const url = `${API}/football/matches/${ids.matches.burnleyCity}?include=timeline,stats`;
    const before = await served.app.inject({ url, headers: auth() });
    const verdict = await applyMatchUpdate(
      built.storage,
      {
        update_id: 'include-1',
        match: ids.matches.burnleyCity,
        sequence: 1,
        correction: true,
        score: { home: 1, away: 3 },
      },
      'test',
      new Date(),
    );
    assert.equal(verdict.outcome, 'applied');
    await served.generation.refresh();
    const after = await served.app.inject({ url, headers: auth() });
    assert.notEqual(after.headers.etag, before.headers.etag);
    assert.equal(after.json().data.home_team.score, 1);
  });
});
