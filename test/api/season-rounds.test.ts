// Rounds and teams of a season through the API on the fixture: every round its matches name, in order,
// with counts that add up to the match list; one current round as the clock moves; the season's teams as
// the team resource; and the 404s of a competition, a season, or a season of another competition.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API, assertError, getOk } from '../support/api-contract.js';

type Round = { name: string; order: number; matches: Record<string, number>; is_current: boolean };

test('rounds and teams of a season', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);
  const season = `${API}/football/competitions/${ids.competitions.en1}/seasons/${ids.seasons.en1_2023}`;
  const matches = (
    await getOk(app, `${API}/football/matches?season_id=${ids.seasons.en1_2023}&limit=100`, auth())
  ).body.data as Array<{
    round: string | null;
    status: string;
    home_team: { id: string };
    away_team: { id: string };
  }>;

  await t.test('every round its matches name, counted by status, one current', async () => {
    const { body } = await getOk(app, `${season}/rounds`, auth());
    const rounds = body.data as Round[];
    const named = new Set(matches.flatMap((m) => (m.round ? [m.round] : [])));
    assert.deepEqual(new Set(rounds.map((r) => r.name)), named);
    assert.deepEqual(
      rounds.map((r) => r.order),
      rounds.map((_, i) => i + 1),
    );
    for (const r of rounds) {
      const mine = matches.filter((m) => m.round === r.name);
      assert.equal(r.matches.total, mine.length, r.name);
      for (const status of ['scheduled', 'live', 'finished', 'postponed', 'canceled', 'unknown'])
        assert.equal(
          r.matches[status],
          mine.filter((m) => m.status === status).length,
          `${r.name} ${status}`,
        );
    }
    assert.equal(rounds.filter((r) => r.is_current).length, 1);
    assert.deepEqual(body.meta, {
      count: rounds.length,
      without_round: matches.filter((m) => !m.round).length,
    });
    assert.ok(
      rounds.findIndex((r) => r.name === 'Matchday 1') < rounds.findIndex((r) => r.name === 'Matchday 2'),
    );
  });

  await t.test('the current round moves with the clock, not with the cache', async () => {
    t.mock.timers.enable({ apis: ['Date'], now: Date.parse('2023-07-01T00:00:00Z') });
    const before = (await getOk(app, `${season}/rounds`, auth())).body.data as Round[];
    assert.equal(before.find((r) => r.is_current)!.order, 1, 'before the season: the first round');
    t.mock.timers.tick(5 * 365 * 86_400_000);
    const after = (await getOk(app, `${season}/rounds`, auth())).body.data as Round[];
    assert.equal(after.find((r) => r.is_current)!.order, after.length, 'long after: the last round');
    t.mock.timers.reset();
  });

  await t.test('the season’s teams, as the team resource, by name', async () => {
    const { body } = await getOk(app, `${season}/teams`, auth());
    const expected = new Set(matches.flatMap((m) => [m.home_team.id, m.away_team.id]));
    assert.deepEqual(new Set(body.data.map((team: { id: string }) => team.id)), expected);
    const names = body.data.map((team: { name: string }) => team.name);
    assert.deepEqual(names, [...names].sort());
    assert.deepEqual(body.meta, { count: expected.size });
    const one = (await getOk(app, `${API}/football/teams/${body.data[0].id}`, auth())).body.data;
    assert.deepEqual(body.data[0], one);
  });

  await t.test('404 for an unknown competition or season, or a season of another competition', async () => {
    for (const route of ['rounds', 'teams']) {
      const get = (url: string) => app.inject({ url, headers: auth() });
      assertError(
        await get(`${API}/football/competitions/comp_unknown/seasons/${ids.seasons.en1_2023}/${route}`),
        404,
        'not_found',
      );
      assertError(
        await get(`${API}/football/competitions/${ids.competitions.en1}/seasons/season_unknown/${route}`),
        404,
        'not_found',
      );
      assertError(
        await get(
          `${API}/football/competitions/${ids.competitions.de1}/seasons/${ids.seasons.en1_2023}/${route}`,
        ),
        404,
        'not_found',
      );
      assertError(await get(`${season}/${route}?page=2`), 400, 'invalid_parameter');
    }
  });
});
