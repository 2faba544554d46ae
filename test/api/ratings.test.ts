// The rating routes on the fixture's club matches (no internationals in it): the club ranking and its
// filters, a club's history, a prediction before kick-off for a finished and a scheduled match, and the
// bad requests.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectedResult } from '../../src/ratings/elo.js';
import { CLUB_RULES } from '../../src/ratings/rating-rules.js';
import { buildTestApp } from '../support/build-app.js';
import { API, assertError, getOk } from '../support/api-contract.js';

test('ratings routes', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);
  const get = (path: string) => app.inject({ method: 'GET', url: `${API}${path}`, headers: auth() });

  await t.test('the club ranking: every rated club, highest first, paginated, with filters', async () => {
    const { body } = await getOk(app, `${API}/football/rankings?type=club&date=2023-12-31&limit=5`, auth());
    assert.equal(body.meta.total, 14);
    assert.equal(body.meta.has_more, true);
    assert.equal(body.meta.type, 'club');
    assert.equal(body.meta.date, '2023-12-31');
    assert.equal(body.meta.meaningful_from, CLUB_RULES.meaningfulFrom);
    const rows = body.data as Array<{ rank: number; rating: number; team: { id: string }; matches: number }>;
    assert.equal(rows.length, 5);
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1]!.rating >= rows[i]!.rating);
    // Bayern and City won both their matches, by three and four goals.
    assert.deepEqual(
      new Set(rows.slice(0, 2).map((r) => r.team.id)),
      new Set([ids.teams.bayern, ids.teams.manCity]),
    );
    const page3 = await getOk(
      app,
      `${API}/football/rankings?type=club&date=2023-12-31&limit=5&page=3`,
      auth(),
    );
    assert.equal(page3.body.data.length, 4);
    assert.equal(page3.body.meta.has_more, false);

    const german = await getOk(
      app,
      `${API}/football/rankings?type=club&date=2023-12-31&competition_id=${ids.competitions.de1}`,
      auth(),
    );
    assert.equal(german.body.meta.total, 3);
    assert.equal(german.body.data[0].team.id, ids.teams.bayern);
    assert.equal(german.body.data[0].rank, 1);
    const byCountry = await getOk(
      app,
      `${API}/football/rankings?type=club&date=2023-12-31&country_code=de`,
      auth(),
    );
    assert.deepEqual(
      byCountry.body.data.map((r: { team: { id: string } }) => r.team.id),
      german.body.data.map((r: { team: { id: string } }) => r.team.id),
    );
    // No year before: no change yet.
    assert.equal(rows[0]!.matches, 2);
    assert.equal((rows[0] as unknown as { rating_change_year: null }).rating_change_year, null);
  });

  await t.test(
    'a day before any match, and the national ranking of a fixture without internationals, are empty',
    async () => {
      for (const query of ['type=club&date=2000-01-01', 'type=national&date=2023-12-31']) {
        const { body } = await getOk(app, `${API}/football/rankings?${query}`, auth());
        assert.deepEqual(body.data, []);
        assert.equal(body.meta.total, 0);
      }
    },
  );

  await t.test(
    'a club’s history: one point per match, filtered by date, with its current rating',
    async () => {
      const { body } = await getOk(app, `${API}/football/teams/${ids.teams.bayern}/ratings`, auth());
      const d = body.data;
      assert.equal(d.type, 'club');
      assert.equal(d.points.length, 2);
      assert.deepEqual(
        d.points.map((p: { date: string }) => p.date),
        ['2023-08-18', '2023-08-27'],
      );
      // A new club at 1500 winning 4-0 away: K 20 × 1.875 × (1 − We), We with Bremen's home advantage.
      const gain = 20 * 1.875 * (1 - expectedResult(-CLUB_RULES.elo.homeAdvantage, 400));
      assert.ok(Math.abs(d.points[0].rating_after - (1500 + gain)) < 0.06, `${d.points[0].rating_after}`);
      assert.equal(d.points[1].rating_before, d.points[0].rating_after);
      assert.equal(d.current.matches, 2);
      assert.equal(d.current.rating, d.points[1].rating_after);
      assert.equal(d.current.provisional, true);
      const ranged = await getOk(
        app,
        `${API}/football/teams/${ids.teams.bayern}/ratings?date_from=2023-08-20&limit=1`,
        auth(),
      );
      assert.equal(ranged.body.data.points.length, 1);
      assert.equal(ranged.body.meta.total, 1);
      assert.equal(ranged.body.meta.date_from, '2023-08-20');
      assert.equal(ranged.body.meta.date_to, null);
    },
  );

  await t.test(
    'a prediction from the ratings before kick-off, for a finished and a scheduled match',
    async () => {
      const { body } = await getOk(
        app,
        `${API}/football/matches/${ids.matches.bayernAugsburg}/prediction`,
        auth(),
      );
      const d = body.data;
      assert.equal(d.available, true);
      assert.equal(d.type, 'club');
      assert.equal(d.as_of, d.starts_at);
      assert.equal(Math.round((d.home_win + d.draw + d.away_win) * 10000), 10000);
      assert.ok(d.home_win > d.away_win, 'Bayern at home, after a 4-0 win, against a new club');
      assert.equal(d.home.team.id, ids.teams.bayern);
      assert.equal(d.home.matches, 1, 'its own match not counted');
      assert.equal(d.home.rated_through, '2023-08-18T18:30:00Z');
      assert.equal(d.away.matches, 0);
      assert.equal(d.away.rating, 1500);
      assert.equal(d.home_advantage, CLUB_RULES.elo.homeAdvantage);
      const scheduled = await getOk(
        app,
        `${API}/football/matches/${ids.matches.scheduled}/prediction`,
        auth(),
      );
      assert.equal(scheduled.body.data.status, 'scheduled');
      assert.equal(scheduled.body.data.available, true);
      assert.equal(scheduled.body.data.home.matches, 2);
    },
  );

  await t.test(
    'bad requests: 400 for a bad query, 404 for what does not exist, 401 without a key',
    async () => {
      for (const query of [
        'type=women',
        'date=2023-13-40',
        'date=yesterday',
        'limit=0',
        'limit=101',
        'page=0',
        'country_code=DEU',
        'nonsense=1',
        'competition_id=nope',
      ]) {
        assertError(await get(`/football/rankings?${query}`), 400, 'invalid_parameter');
      }
      assertError(
        await get('/football/rankings?type=club&competition_id=comp_4x7k2m9q8w1z5v3n'),
        404,
        'not_found',
      );
      assertError(
        await get(`/football/teams/${ids.teams.bayern}/ratings?date_from=2024-01-02&date_to=2024-01-01`),
        400,
        'invalid_parameter',
      );
      assertError(
        await get(`/football/teams/${ids.teams.bayern}/ratings?date_to=2024-02-30x`),
        400,
        'invalid_parameter',
      );
      assertError(await get('/football/teams/team_4x7k2m9q8w1z5v3n/ratings'), 404, 'not_found');
      assertError(await get('/football/matches/match_4x7k2m9q8w1z5v3n/prediction'), 404, 'not_found');
      assertError(await get('/football/matches/not-an-id/prediction'), 404, 'not_found');
      const anonymous = await app.inject({ method: 'GET', url: `${API}/football/rankings` });
      assertError(anonymous, 401, 'invalid_api_key');
    },
  );
});
