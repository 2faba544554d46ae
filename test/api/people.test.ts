// People, leaders, officials and honours on the fixture (openfootball only: no people, no timelines): empty
// lists, coverage false, and the bad requests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API, assertError, getOk } from '../support/api-contract.js';

test('people, leaders, officials and honours', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);
  const get = (path: string, headers: Record<string, string> = auth()) =>
    app.inject({ method: 'GET', url: `${API}${path}`, headers });

  await t.test('lists are empty and paginated where no source keeps people', async () => {
    for (const list of ['players', 'coaches', 'referees', 'venues']) {
      const { body } = await getOk(app, `${API}/football/${list}?q=messi&limit=5`, auth());
      assert.deepEqual(body.data, []);
      assert.deepEqual([body.meta.total, body.meta.has_more, body.meta.limit], [0, false, 5]);
    }
  });

  await t.test(
    'leaders and officials of a competition without timelines: 200, coverage false, empty',
    async () => {
      const season = `/football/competitions/${ids.competitions.en1}/seasons/${ids.seasons.en1_2023}`;
      for (const path of [
        `${season}/leaders`,
        `/football/competitions/${ids.competitions.en1}/leaders?type=red_cards`,
      ]) {
        const { body } = await getOk(app, `${API}${path}`, auth());
        assert.deepEqual(body.data.coverage, { leaders_available: false, seasons_counted: 0 });
        assert.deepEqual([body.data.leaders, body.meta], [[], { count: 0, truncated: false }]);
      }
      const { body } = await getOk(
        app,
        `${API}/football/matches/${ids.matches.burnleyCity}/officials`,
        auth(),
      );
      assert.deepEqual(body.data.coverage, { officials_available: false });
      assert.deepEqual(body.data.officials, []);
      const honours = await getOk(app, `${API}${season}/honours`, auth());
      assert.deepEqual(
        [honours.body.data.coverage, honours.body.data.champion, honours.body.data.placings],
        [{ honours_available: false }, null, []],
      );
      const team = await getOk(app, `${API}/football/teams/${ids.teams.arsenal}/honours`, auth());
      assert.deepEqual([team.body.data.coverage, team.body.data.honours], [{ honours_available: false }, []]);
    },
  );

  await t.test('404 for what does not exist, and for an ID of another type', async () => {
    assertError(await get('/football/players/player_nobody'), 404, 'not_found');
    assertError(await get('/football/players/player_nobody/career'), 404, 'not_found');
    assertError(await get('/football/players/coach_sample'), 404, 'not_found');
    assertError(await get('/football/coaches/coach_nobody'), 404, 'not_found');
    assertError(await get('/football/referees/referee_nobody'), 404, 'not_found');
    assertError(await get('/football/venues/venue_nobody'), 404, 'not_found');
    assertError(await get('/football/matches/match_nobody/officials'), 404, 'not_found');
    assertError(await get('/football/teams/team_nobody/honours'), 404, 'not_found');
    assertError(await get(`/football/competitions/comp_nobody/leaders`), 404, 'not_found');
    // A season of another competition.
    const other = `/football/competitions/${ids.competitions.de1}/seasons/${ids.seasons.en1_2023}`;
    assertError(await get(`${other}/leaders`), 404, 'not_found');
    assertError(await get(`${other}/honours`), 404, 'not_found');
  });

  await t.test('400 for a bad query', async () => {
    const leaders = `/football/competitions/${ids.competitions.en1}/leaders`;
    assertError(await get(`${leaders}?type=saves`), 400, 'invalid_parameter');
    assertError(await get(`${leaders}?limit=0`), 400, 'invalid_parameter');
    assertError(await get(`${leaders}?limit=101`), 400, 'invalid_parameter');
    assertError(await get(`${leaders}?season=2023`), 400, 'invalid_parameter');
    assertError(await get(`/football/players?team_id=comp_x`), 400, 'invalid_parameter');
    assertError(await get(`/football/players?q=${'x'.repeat(101)}`), 400, 'invalid_parameter');
    assertError(await get('/football/referees?q=%00'), 400, 'invalid_parameter');
    assertError(await get('/football/venues?page=0'), 400, 'invalid_parameter');
  });

  await t.test('401 without a key', async () => {
    const res = await get('/football/players', {});
    assertError(res, 401, 'invalid_api_key');
    assert.ok(res.headers['www-authenticate']);
  });
});
