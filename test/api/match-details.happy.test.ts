import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API, assertKeys, getOk } from '../support/api-contract.js';

/** Each sub-resource with its own coverage flag and collection. */
const SUB_RESOURCES = [
  { suffix: 'stats', flag: 'statistics_available', collection: 'teams' },
  { suffix: 'live-stats', flag: 'statistics_available', collection: 'teams' },
  { suffix: 'lineups', flag: 'lineups_available', collection: 'teams' },
  { suffix: 'timeline', flag: 'timeline_available', collection: 'events' },
  { suffix: 'live-timeline', flag: 'timeline_available', collection: 'events' },
  { suffix: 'player-stats', flag: 'player_statistics_available', collection: 'teams' },
  { suffix: 'live-player-stats', flag: 'player_statistics_available', collection: 'teams' },
];

test('match sub-resources', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);

  for (const { suffix, flag, collection } of SUB_RESOURCES) {
    await t.test(
      `GET /football/matches/{id}/${suffix}: 200, ${flag} false, empty ${collection}`,
      async () => {
        const { body } = await getOk(
          app,
          `${API}/football/matches/${ids.matches.burnleyCity}/${suffix}`,
          auth(),
        );
        assertKeys(body, ['data'], 'body');
        assertKeys(
          body.data,
          ['match_id', 'status', 'coverage', 'attribution', collection],
          `${suffix} data`,
        );
        assert.deepEqual(body.data, {
          match_id: ids.matches.burnleyCity,
          status: 'finished',
          coverage: { [flag]: false },
          attribution: [],
          [collection]: [],
        });
      },
    );
  }

  await t.test('an unplayed match answers 200 with empty statistics', async () => {
    for (const key of ['scheduled', 'unplayed', 'postponed'] as const) {
      const id = ids.matches[key];
      const { body: match } = await getOk(app, `${API}/football/matches/${id}`, auth());
      const { body } = await getOk(app, `${API}/football/matches/${id}/stats`, auth());
      assert.equal(body.data.match_id, id);
      assert.equal(body.data.status, match.data.status, 'the match status');
      assert.deepEqual(body.data.teams, []);
    }
  });

  await t.test('every match of every competition answers, whatever its coverage', async () => {
    const { body } = await getOk(app, `${API}/football/matches?limit=100`, auth());
    for (const match of body.data as Array<{ id: string }>) {
      for (const { suffix } of SUB_RESOURCES) {
        const res = await app.inject({
          url: `${API}/football/matches/${match.id}/${suffix}`,
          headers: auth(),
        });
        assert.equal(res.statusCode, 200, `${match.id}/${suffix}`);
      }
    }
  });
});
