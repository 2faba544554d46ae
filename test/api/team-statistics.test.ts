// A team's season in numbers on the fixture (Premier League 2023-24: Burnley 0-3 City on 11 August,
// City 1-0 Newcastle on 19 August): the results its table counts, home and away, runs, biggest win, the
// table row; which season is meant; the bad queries.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API, assertError, getOk } from '../support/api-contract.js';

test('team statistics', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);
  const url = (team: string, query: string) => `${API}/football/teams/${team}/statistics${query}`;

  await t.test('a season: the table’s results, splits, runs and the row they add up to', async () => {
    const { body } = await getOk(app, url(ids.teams.manCity, `?season_id=${ids.seasons.en1_2023}`), auth());
    const d = body.data;
    assert.equal(d.team.id, ids.teams.manCity);
    assert.deepEqual([d.competition.id, d.season.id], [ids.competitions.en1, ids.seasons.en1_2023]);
    assert.deepEqual(d.matches, {
      played: 2,
      won: 2,
      drawn: 0,
      lost: 0,
      goals_for: 4,
      goals_against: 0,
      clean_sheets: 2,
      failed_to_score: 0,
      goal_difference: 4,
      points_per_game: 3,
    });
    assert.deepEqual([d.home.played, d.home.goals_for, d.away.played, d.away.goals_for], [1, 1, 1, 3]);
    assert.deepEqual(d.table, { position: 1, group: null, points: 6 });
    assert.equal(d.biggest_win.goals_for, 3);
    assert.equal(d.biggest_win.venue, 'away');
    assert.equal(d.biggest_win.opponent.id, ids.teams.burnley);
    assert.equal(d.biggest_defeat, null);
    assert.deepEqual(d.runs.winning, { longest: 2, current: 2 });
    assert.deepEqual(d.runs.losing, { longest: 0, current: 0 });
    assert.equal(d.form, 'WW');
    // The fixture has no match statistics or timelines for these matches: unknown, never 0.
    assert.ok(Object.values(d.statistics).every((v) => v === null));
  });

  await t.test('the same totals as the team’s table row', async () => {
    const table = await getOk(
      app,
      `${API}/football/competitions/${ids.competitions.en1}/seasons/${ids.seasons.en1_2023}/standings`,
      auth(),
    );
    for (const row of table.body.data.rows as Array<Record<string, number> & { team: { id: string } }>) {
      const { body } = await getOk(app, url(row.team.id, `?season_id=${ids.seasons.en1_2023}`), auth());
      const m = body.data.matches;
      assert.deepEqual(
        [m.played, m.won, m.drawn, m.lost, m.goals_for, m.goals_against, body.data.table.points],
        [row.played, row.won, row.drawn, row.lost, row.goals_for, row.goals_against, row.points],
      );
    }
  });

  await t.test('competition_id alone takes the team’s newest season in it', async () => {
    const { body } = await getOk(
      app,
      url(ids.teams.manCity, `?competition_id=${ids.competitions.en1}`),
      auth(),
    );
    assert.equal(body.data.season.id, ids.seasons.en1_2023);
  });

  await t.test(
    'bad queries: 400 for malformed ones, 404 for what does not exist or does not fit',
    async () => {
      const get = (team: string, query: string) => app.inject({ url: url(team, query), headers: auth() });
      assertError(await get(ids.teams.manCity, '?season_id=nope'), 400, 'invalid_parameter');
      assertError(await get(ids.teams.manCity, '?year=2023'), 400, 'invalid_parameter');
      assertError(await get('team_unknown', `?season_id=${ids.seasons.en1_2023}`), 404, 'not_found');
      assertError(await get(ids.teams.manCity, '?season_id=season_unknown'), 404, 'not_found');
      assertError(await get(ids.teams.bayern, `?season_id=${ids.seasons.en1_2023}`), 404, 'not_found');
      assertError(
        await get(
          ids.teams.manCity,
          `?season_id=${ids.seasons.en1_2023}&competition_id=${ids.competitions.de1}`,
        ),
        404,
        'not_found',
      );
      assertError(await get(ids.teams.bayern, `?competition_id=${ids.competitions.en1}`), 404, 'not_found');
      assertError(await get(ids.teams.manCity, '?competition_id=comp_unknown'), 404, 'not_found');
    },
  );
});
