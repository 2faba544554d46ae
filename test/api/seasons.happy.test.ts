import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API, assertKeys, assertSeason, getOk } from '../support/api-contract.js';

test('seasons', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);
  const seasonsOf = (competitionId: string) =>
    getOk(app, `${API}/football/competitions/${competitionId}/seasons`, auth());

  await t.test('GET .../seasons answers {data: [Season], meta: {count}}', async () => {
    const { body } = await seasonsOf(ids.competitions.en1);
    assertKeys(body, ['data', 'meta'], 'body');
    assert.deepEqual(body.meta, { count: 2 }, 'meta carries only count');
    body.data.forEach(assertSeason);
  });

  await t.test('newest first', async () => {
    const { body } = await seasonsOf(ids.competitions.en1);
    assert.deepEqual(
      body.data.map((s: { id: string; name: string }) => [s.id, s.name]),
      [
        [ids.seasons.en1_2023, '2023/24'],
        [ids.seasons.en1_2015, '2015/16'],
      ],
    );
  });

  await t.test('each season carries its dates, team and match counts', async () => {
    const { body } = await seasonsOf(ids.competitions.en1);
    assert.deepEqual(body.data[0], {
      id: ids.seasons.en1_2023,
      name: '2023/24',
      starts_on: '2023-08-11',
      ends_on: '2024-05-19',
      is_current: true, // its newest season, with a fixture still to play
      team_count: 5,
      match_count: 6,
    });
    assert.deepEqual(body.data[1], {
      id: ids.seasons.en1_2015,
      name: '2015/16',
      starts_on: '2015-08-08',
      ends_on: '2015-08-08',
      is_current: false,
      team_count: 2,
      match_count: 1,
    });
  });

  await t.test('a finished season is not current, even the newest', async () => {
    const { body } = await seasonsOf(ids.competitions.de1);
    assert.deepEqual(body.meta, { count: 1 });
    assert.equal(body.data[0].id, ids.seasons.de1_2023);
    assert.equal(body.data[0].is_current, false);
    assert.equal(body.data[0].match_count, 2);
    assert.equal(body.data[0].team_count, 3);
  });

  await t.test('season_count of the competition matches the season list', async () => {
    for (const id of Object.values(ids.competitions)) {
      const { body: seasons } = await seasonsOf(id);
      const { body: competition } = await getOk(app, `${API}/football/competitions/${id}`, auth());
      assert.equal(competition.data.season_count, seasons.meta.count, id);
    }
  });
});
