// The match list's sort, round and head-to-head parameters (docs/api.md, "Match list"), on the fixture of
// build-app.ts and a cup whose draws were decided on penalties.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadOpenfootball } from '../../src/ingest/openfootball/adapter.js';
import { runIngestion } from '../../src/ingest/runner.js';
import { buildTestApp } from '../support/build-app.js';
import { API, assertError, assertMatch, getOk, oldestFirst } from '../support/api-contract.js';

type Match = {
  id: string;
  starts_at: string;
  round: string | null;
  status: string;
  competition: { id: string };
  home_team: { id: string; score: number | null };
  away_team: { id: string; score: number | null };
};
type Meta = Record<string, unknown> & { has_more: boolean; head_to_head?: Record<string, unknown> };

const CUP = {
  name: 'DFB Pokal 2023/24',
  matches: [
    // Level after extra time, Bayern through on penalties: a draw, and a shoot-out won.
    {
      round: 'Round 2',
      date: '2023-10-31',
      time: '20:45',
      team1: 'FC Bayern München',
      team2: 'FC Augsburg',
      score: { ft: [1, 1], et: [2, 2], p: [4, 3] },
    },
    // Level, Bayern through on penalties away: a draw, and a shoot-out won.
    {
      round: 'Round of 16',
      date: '2024-02-06',
      time: '18:00',
      team1: 'FC Augsburg',
      team2: 'FC Bayern München',
      score: { ft: [0, 0], et: [0, 0], p: [3, 5] },
    },
    // Level, Augsburg through on penalties at home: a draw, and a shoot-out lost.
    {
      round: 'Quarter-finals',
      date: '2024-02-27',
      time: '20:45',
      team1: 'FC Augsburg',
      team2: 'FC Bayern München',
      score: { ft: [1, 1], et: [1, 1], p: [5, 4] },
    },
  ],
};

test('match list: sort, round, head-to-head', async (t) => {
  const { app, auth, ids, dir, storage, cache } = await buildTestApp(t);
  const get = (query: string) =>
    app.inject({ url: `${API}/football/matches?${oldestFirst(query)}`, headers: auth() });
  const list = async (query: string) => {
    const { body } = await getOk<{ data: Match[]; meta: Meta }>(
      app,
      `${API}/football/matches?${oldestFirst(query)}`,
      auth(),
    );
    body.data.forEach((m) => assertMatch(m));
    return { matches: body.data, ids: body.data.map((m) => m.id), meta: body.meta };
  };
  const { teams, matches: m } = ids;

  await t.test('sort=-starts_at is the ascending list reversed', async () => {
    const ascending = await list('limit=100&sort=starts_at');
    assert.equal(ascending.ids.length, 11);
    const descending = await list('limit=100&sort=-starts_at');
    assert.deepEqual(descending.ids, [...ascending.ids].reverse());
    const starts = descending.matches.map((x) => x.starts_at);
    assert.deepEqual(starts, [...starts].sort().reverse());
  });

  await t.test(
    'without sort: newest first, but oldest first when a season or dates bound the list',
    async () => {
      const bare = async (query: string) =>
        (await getOk<{ data: Match[] }>(app, `${API}/football/matches?${query}`, auth())).body.data.map(
          (x) => x.id,
        );
      const by = async (query: string, sort: string) => (await list(`${query}&sort=${sort}`)).ids;
      for (const unbounded of [
        'limit=100',
        `limit=100&team_id=${teams.manCity}`,
        `limit=100&competition_id=${ids.competitions.en1}`,
      ]) {
        assert.deepEqual(await bare(unbounded), await by(unbounded, '-starts_at'), unbounded);
      }
      for (const bounded of [
        `limit=100&season_id=${ids.seasons.en1_2023}`,
        'limit=100&date_from=2015-01-01',
        'limit=100&date_to=2030-01-01',
        'limit=100&date=2023-08-11',
      ]) {
        assert.deepEqual(await bare(bounded), await by(bounded, 'starts_at'), bounded);
      }
      assert.ok((await bare('limit=100')).length > 1);
      assert.ok(
        (await bare(`limit=100&season_id=${ids.seasons.en1_2023}`)).length > 1,
        'the season has matches',
      );
    },
  );

  await t.test('descending pages slice the descending order, and so do filtered ones', async () => {
    for (const filter of ['', `&team_id=${teams.manCity}`, `&competition_id=${ids.competitions.en1}`]) {
      const all = (await list(`sort=-starts_at&limit=100${filter}`)).ids;
      const seen: string[] = [];
      for (let page = 1; ; page += 1) {
        const { ids: got, meta } = await list(`sort=-starts_at&limit=2&page=${page}${filter}`);
        seen.push(...got);
        if (!meta.has_more) break;
      }
      assert.deepEqual(seen, all, filter);
    }
  });

  await t.test('a team’s last results: team_id, status=finished, sort=-starts_at, limit', async () => {
    const { ids: last, meta } = await list(
      `team_id=${teams.manCity}&status=finished&sort=-starts_at&limit=1`,
    );
    assert.deepEqual(last, [m.noTime]);
    assert.equal(meta.has_more, true);
    const both = await list(`team_id=${teams.manCity}&status=finished&sort=-starts_at&limit=5`);
    assert.deepEqual(both.ids, [m.noTime, m.burnleyCity]);
  });

  await t.test('an unknown sort is a 400', async () => {
    for (const sort of ['kickoff', 'starts_at,id', '%2Bstarts_at', '+starts_at', 'STARTS_AT', '']) {
      const details = assertError(await get(`sort=${sort}`), 400, 'invalid_parameter');
      assert.equal(details.parameter, 'sort', sort);
    }
  });

  await t.test('round: exact match on the round as served', async () => {
    const first = await list('round=Matchday%201');
    assert.equal(first.matches.length, 6);
    assert.ok(first.matches.every((x) => x.round === 'Matchday 1'));
    const de = await list(`round=Matchday+1&competition_id=${ids.competitions.de1}`);
    assert.equal(de.matches.length, 1);
    assert.equal(de.matches[0]!.competition.id, ids.competitions.de1);
    assert.deepEqual((await list('round=Matchday%2038')).ids, [m.scheduled]);
    // Case and spacing count, and a round nobody plays is an empty list, not a 404.
    for (const round of ['matchday%201', 'Matchday%201%20', 'Matchday', 'Final']) {
      assert.deepEqual((await list(`round=${round}`)).ids, [], round);
    }
    const descending = await list('round=Matchday%201&sort=-starts_at');
    assert.deepEqual(descending.ids, [...first.ids].reverse());
  });

  await t.test('round: empty, too long or with a control character is a 400', async () => {
    for (const round of ['', 'x'.repeat(201), 'Matchday%001', 'Matchday%0A1']) {
      const details = assertError(await get(`round=${round}`), 400, 'invalid_parameter');
      assert.equal(details.parameter, 'round', round);
    }
  });

  await t.test('head-to-head: both teams’ matches, either at home, with the record', async () => {
    const city = await list(`team_id=${teams.manCity}&opponent_id=${teams.burnley}`);
    assert.deepEqual(city.ids, [m.burnleyCity]);
    assert.deepEqual(city.meta.head_to_head, {
      team_id: teams.manCity,
      opponent_id: teams.burnley,
      played: 1,
      wins: 1,
      draws: 0,
      losses: 0,
      goals_for: 3,
      goals_against: 0,
      shootout_wins: 0,
      shootout_losses: 0,
    });
    // From the other side, the same match is a defeat.
    const burnley = await list(`team_id=${teams.burnley}&opponent_id=${teams.manCity}`);
    assert.deepEqual(burnley.ids, [m.burnleyCity]);
    assert.deepEqual(burnley.meta.head_to_head, {
      team_id: teams.burnley,
      opponent_id: teams.manCity,
      played: 1,
      wins: 0,
      draws: 0,
      losses: 1,
      goals_for: 0,
      goals_against: 3,
      shootout_wins: 0,
      shootout_losses: 0,
    });
    assert.deepEqual(Object.keys(city.meta), ['page', 'limit', 'request_id', 'has_more', 'head_to_head']);
    // Without an opponent, no record.
    assert.equal((await list(`team_id=${teams.manCity}`)).meta.head_to_head, undefined);
  });

  await t.test('head-to-head: unplayed, postponed and future matches are listed, not counted', async () => {
    const arsenalCity = await list(`team_id=${teams.arsenal}&opponent_id=${teams.manCity}`);
    assert.deepEqual(arsenalCity.ids, [m.scheduled]);
    assert.equal(arsenalCity.meta.head_to_head!.played, 0);
    const arsenalBurnley = await list(`team_id=${teams.arsenal}&opponent_id=${teams.burnley}`);
    assert.deepEqual(arsenalBurnley.ids, [m.unplayed]);
    assert.equal(arsenalBurnley.meta.head_to_head!.played, 0);
  });

  await t.test('head-to-head: the record covers every page and follows the other filters', async () => {
    const newcastle = (await list('limit=100')).matches.find((x) => x.id === m.noTime)!.away_team.id;
    const pair = `team_id=${teams.manCity}&opponent_id=${newcastle}`;
    const all = await list(pair);
    assert.deepEqual(all.ids, [m.noTime, m.postponed]);
    const record = {
      team_id: teams.manCity,
      opponent_id: newcastle,
      played: 1,
      wins: 1,
      draws: 0,
      losses: 0,
      goals_for: 1,
      goals_against: 0,
      shootout_wins: 0,
      shootout_losses: 0,
    };
    for (const query of [`${pair}&limit=1&page=2`, `${pair}&limit=1&page=3`, `${pair}&sort=-starts_at`]) {
      assert.deepEqual((await list(query)).meta.head_to_head, record, query);
    }
    assert.deepEqual((await list(`${pair}&limit=1&page=2`)).ids, [m.postponed]);
    assert.deepEqual((await list(`${pair}&sort=-starts_at`)).ids, [m.postponed, m.noTime]);
    const postponed = await list(`${pair}&status=postponed`);
    assert.deepEqual(postponed.ids, [m.postponed]);
    assert.equal(postponed.meta.head_to_head!.played, 0);
    const none = await list(`${pair}&date_from=2025-01-01`);
    assert.deepEqual(none.ids, []);
    assert.equal(none.meta.head_to_head!.played, 0);
  });

  await t.test('head-to-head: shoot-outs count as draws, and are counted apart', async () => {
    const from = path.join(dir, 'cup', 'football.json');
    fs.mkdirSync(path.join(from, '2023-24'), { recursive: true });
    fs.writeFileSync(path.join(from, '2023-24', 'de.cup.json'), JSON.stringify(CUP));
    const clubs = path.join(dir, 'cup', 'clubs');
    fs.mkdirSync(clubs, { recursive: true });
    const run = await runIngestion(storage, {
      source: 'openfootball',
      location: from,
      load: () => loadOpenfootball({ from, clubs }),
      clock: () => new Date('2024-03-02T12:00:00Z'),
    });
    assert.equal(run.outcome, 'succeeded', run.error ?? '');
    cache.clear();
    const augsburg = (await list(`team_id=${teams.bayern}`)).matches.find((x) => x.id === m.bayernAugsburg)!
      .away_team.id;
    const bayern = await list(`team_id=${teams.bayern}&opponent_id=${augsburg}`);
    assert.equal(bayern.ids.length, 4);
    assert.equal(bayern.ids[0], m.bayernAugsburg);
    assert.deepEqual(bayern.meta.head_to_head, {
      team_id: teams.bayern,
      opponent_id: augsburg,
      played: 4,
      wins: 1,
      draws: 3,
      losses: 0,
      goals_for: 6,
      goals_against: 4,
      shootout_wins: 2,
      shootout_losses: 1,
    });
    const other = await list(`team_id=${augsburg}&opponent_id=${teams.bayern}&sort=-starts_at`);
    assert.deepEqual(other.ids, [...bayern.ids].reverse());
    assert.deepEqual(other.meta.head_to_head, {
      team_id: augsburg,
      opponent_id: teams.bayern,
      played: 4,
      wins: 0,
      draws: 3,
      losses: 1,
      goals_for: 4,
      goals_against: 6,
      shootout_wins: 1,
      shootout_losses: 2,
    });
    const league = await list(
      `team_id=${teams.bayern}&opponent_id=${augsburg}&competition_id=${ids.competitions.de1}`,
    );
    assert.deepEqual(league.ids, [m.bayernAugsburg]);
    assert.equal(league.meta.head_to_head!.played, 1);
  });

  await t.test('meta reads the same whether the page comes from stored JSON or the serializer', async () => {
    // On SQLite a page with matches is written from the JSON the runs stored, an empty one by Fastify's
    // serializer (as every page on PostgreSQL): their meta past has_more must be the same text.
    const query = `team_id=${teams.manCity}&opponent_id=${teams.burnley}&updated_since=2020-01-01T00:00:00Z`;
    const after = (body: string) => body.slice(body.indexOf('"has_more":') + '"has_more":false'.length);
    const full = await get(query);
    const empty = await get(`${query}&page=9`);
    assert.equal(full.json().data.length, 1);
    assert.equal(empty.json().data.length, 0);
    assert.match(after(full.body), /^,"head_to_head":\{"team_id":.*\},"next_updated_since":"[^"]+"\}\}$/);
    assert.equal(after(empty.body), after(full.body));
  });

  await t.test('opponent_id needs team_id, another team, and one that exists', async () => {
    const alone = assertError(await get(`opponent_id=${teams.burnley}`), 400, 'invalid_parameter');
    assert.equal(alone.parameter, 'opponent_id');
    const itself = assertError(
      await get(`team_id=${teams.burnley}&opponent_id=${teams.burnley}`),
      400,
      'invalid_parameter',
    );
    assert.equal(itself.parameter, 'opponent_id');
    const shape = assertError(
      await get(`team_id=${teams.burnley}&opponent_id=${ids.competitions.en1}`),
      400,
      'invalid_parameter',
    );
    assert.equal(shape.parameter, 'opponent_id');
    const unknown = 'team_0000000000000000';
    const missing = assertError(
      await get(`team_id=${teams.burnley}&opponent_id=${unknown}`),
      404,
      'not_found',
    );
    assert.deepEqual(missing, { parameter: 'opponent_id', value: unknown });
  });
});
