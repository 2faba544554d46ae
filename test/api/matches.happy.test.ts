import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { oldestFirst, API, assertKeys, assertMatch, assertPage, getOk } from '../support/api-contract.js';

type Match = {
  id: string;
  starts_at: string;
  status: string;
  competition: { id: string };
  season: { id: string };
  home_team: { id: string };
  away_team: { id: string };
};

test('matches', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);
  const list = async (query = '') => {
    const result = await getOk<{ data: Match[]; meta: Record<string, unknown> }>(
      app,
      `${API}/football/matches?${oldestFirst(query)}`,
      auth(),
    );
    return { ...result, matches: result.body.data, matchIds: result.body.data.map((m) => m.id) };
  };
  const one = async (id: string) => (await getOk(app, `${API}/football/matches/${id}`, auth())).body;

  await t.test('GET /football/matches: {data, meta} of full Match resources', async () => {
    const { body, res } = await list();
    assertPage(body, res);
    assert.equal(body.data.length, 11);
    assert.equal(body.meta.has_more, false);
    body.data.forEach((m) => assertMatch(m));
  });

  await t.test('ordered by starts_at', async () => {
    const { matches } = await list();
    const starts = matches.map((m) => m.starts_at);
    assert.deepEqual(starts, [...starts].sort());
    assert.equal(starts[0], '2015-08-08T11:45:00Z');
    assert.equal(starts.at(-1), '2024-05-19T15:00:00Z');
  });

  await t.test('a finished match: every field, local kick-off converted to UTC', async () => {
    const { data } = await one(ids.matches.burnleyCity);
    assert.deepEqual(
      { ...data, updated_at: typeof data.updated_at },
      {
        id: ids.matches.burnleyCity,
        competition: { id: ids.competitions.en1, name: 'English Premier League' },
        season: { id: ids.seasons.en1_2023, name: '2023/24' },
        starts_at: '2023-08-11T19:00:00Z', // 20:00 in London (BST)
        starts_at_precision: 'datetime',
        round: 'Matchday 1',
        status: 'finished',
        home_team: { id: ids.teams.burnley, name: 'Burnley FC', logo_url: null, score: 0 },
        away_team: { id: ids.teams.manCity, name: 'Manchester City FC', logo_url: null, score: 3 },
        score: {
          half_time: { home: 0, away: 2 },
          full_time: { home: 0, away: 3 },
          extra_time: null,
          penalties: null,
        },
        winner: 'away',
        decided_by: 'regular_time',
        aggregate: null,
        venue: null,
        updated_at: 'string',
      },
    );
  });

  await t.test('a match without a kick-off time starts at 00:00Z with precision "date"', async () => {
    const { data } = await one(ids.matches.noTime);
    assert.equal(data.starts_at, '2023-08-19T00:00:00Z');
    assert.equal(data.starts_at_precision, 'date');
    assert.equal(data.status, 'finished');
  });

  await t.test('unplayed, postponed and future matches have null scores', async () => {
    const expected = { unplayed: 'unknown', postponed: 'postponed', scheduled: 'scheduled' } as const;
    for (const [key, status] of Object.entries(expected)) {
      const { data } = await one(ids.matches[key as keyof typeof expected]);
      assertMatch(data);
      assert.equal(data.status, status, key);
      assert.equal(data.home_team.score, null, key);
      assert.equal(data.away_team.score, null, key);
    }
  });

  await t.test('GET /football/matches/{id} is {data: Match} and equals the list item', async () => {
    const body = await one(ids.matches.bayernAugsburg);
    assertKeys(body, ['data'], 'body');
    const { matches } = await list();
    assert.deepEqual(
      body.data,
      matches.find((m) => m.id === ids.matches.bayernAugsburg),
    );
  });

  await t.test('competition_id filter', async () => {
    const { matches } = await list(`competition_id=${ids.competitions.de1}`);
    assert.equal(matches.length, 2);
    assert.ok(matches.every((m) => m.competition.id === ids.competitions.de1));
  });

  await t.test('season_id filter', async () => {
    const { matches } = await list(`season_id=${ids.seasons.en1_2015}`);
    assert.equal(matches.length, 1);
    assert.equal(matches[0]!.home_team.id, ids.teams.manUtd);
    assert.equal((await list(`season_id=${ids.seasons.en1_2023}`)).matches.length, 6);
  });

  await t.test('team_id filter: home or away', async () => {
    const { matchIds, matches } = await list(`team_id=${ids.teams.manCity}`);
    const m = ids.matches;
    assert.deepEqual(matchIds, [m.burnleyCity, m.noTime, m.postponed, m.scheduled]);
    assert.ok(matches.some((x) => x.home_team.id === ids.teams.manCity));
    assert.ok(matches.some((x) => x.away_team.id === ids.teams.manCity));
    assert.equal((await list(`team_id=${ids.teams.bayern}`)).matches.length, 2);
  });

  await t.test('status filter, for each status value', async () => {
    const counts = { finished: 8, scheduled: 1, postponed: 1, unknown: 1, live: 0, canceled: 0 };
    for (const [status, count] of Object.entries(counts)) {
      const { matches } = await list(`status=${status}`);
      assert.equal(matches.length, count, status);
      assert.ok(matches.every((x) => x.status === status));
    }
  });

  await t.test('date_from and date_to are inclusive UTC dates', async () => {
    const day = await list('date_from=2023-08-12&date_to=2023-08-12');
    assert.equal(day.matches.length, 1);
    assert.equal(day.matches[0]!.starts_at, '2023-08-12T12:30:00Z');
    // A date-only match (00:00Z) is inside a range ending or starting on its day.
    assert.ok((await list('date_to=2023-08-19')).matchIds.includes(ids.matches.noTime));
    assert.ok((await list('date_from=2023-08-19')).matchIds.includes(ids.matches.noTime));
    assert.deepEqual((await list('date_from=2024-05-19')).matchIds, [ids.matches.scheduled]);
    assert.equal((await list('date_to=2023-07-31')).matches.length, 2);
    assert.equal((await list('date_from=2023-08-11&date_to=2023-08-31')).matches.length, 5);
  });

  await t.test('filters combine', async () => {
    const query = `competition_id=${ids.competitions.en1}&status=finished&date_from=2023-08-01&team_id=${ids.teams.manCity}`;
    assert.deepEqual((await list(query)).matchIds, [ids.matches.burnleyCity, ids.matches.noTime]);
    const empty = await list(`team_id=${ids.teams.bayern}&competition_id=${ids.competitions.en1}`);
    assert.deepEqual(empty.body.data, []);
  });

  await t.test('page and limit slice the kick-off order', async () => {
    const { matchIds: all } = await list();
    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const { body, res, matchIds } = await list(`limit=4&page=${page}`);
      assertPage(body, res, { page, limit: 4 });
      assert.equal(body.meta.has_more, page < 3);
      seen.push(...matchIds);
    }
    assert.deepEqual(seen, all);
    assert.deepEqual((await list('page=4&limit=4')).body.data, []);
  });
});
