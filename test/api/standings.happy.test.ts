// Standings through the API on the fixture (both engines): a computed table for a league season in
// progress, with its rules and the curated deductions of that season; the team route's current-season
// rows; the coverage flag; a season whose fixtures have no result yet.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadOpenfootball } from '../../src/ingest/openfootball/adapter.js';
import { runIngestion } from '../../src/ingest/runner.js';
import { buildTestApp, INGESTED_AT } from '../support/build-app.js';
import { API, assertKeys, getOk } from '../support/api-contract.js';

type Row = {
  position: number;
  group: string | null;
  team: { id: string; name: string };
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  points: number;
  form: string | null;
  description: string | null;
};

test('standings computed from the results', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);
  const standings = (competition: string, season: string) =>
    getOk(app, `${API}/football/competitions/${competition}/seasons/${season}/standings`, auth());

  await t.test(
    'a season in progress: the matches played so far, the rules, the season’s deductions',
    async () => {
      const { body } = await standings(ids.competitions.en1, ids.seasons.en1_2023);
      assertKeys(body.data, [
        'competition',
        'season',
        'coverage',
        'basis',
        'view',
        'rules',
        'adjustments',
        'awarded_results',
        'attribution',
        'rows',
      ]);
      assert.equal(body.data.basis, 'computed');
      assert.deepEqual(body.data.coverage, { standings_available: true });
      assert.equal(body.data.rules.known, true);
      assert.equal(body.data.rules.points_for_win, 3);
      assert.deepEqual(body.data.rules.tiebreakers.slice(0, 2), ['goal_difference', 'goals_for']);
      assert.match(body.data.rules.reference, /^https:\/\//);
      // Played: Burnley 0-3 City, Arsenal 2-1 Forest, City 1-0 Newcastle. Not counted: a past match without
      // a result, a postponed one, a scheduled one. Forest's 4-point deduction of 2023-24 applies.
      assert.deepEqual(
        body.data.rows.map((r: Row) => [
          r.position,
          r.team.name,
          r.played,
          r.won,
          r.drawn,
          r.lost,
          r.goals_for,
          r.goals_against,
          r.goal_difference,
          r.points,
          r.form,
        ]),
        [
          [1, 'Manchester City FC', 2, 2, 0, 0, 4, 0, 4, 6, 'WW'],
          [2, 'Arsenal FC', 1, 1, 0, 0, 2, 1, 1, 3, 'W'],
          [3, 'Newcastle United FC', 1, 0, 0, 1, 0, 1, -1, 0, 'L'],
          [4, 'Burnley FC', 1, 0, 0, 1, 0, 3, -3, 0, 'L'],
          [5, 'Nottingham Forest FC', 1, 0, 0, 1, 1, 2, -1, -4, 'L'],
        ],
      );
      assert.ok(body.data.rows.every((r: Row) => r.group === null && r.description === null));
      assert.deepEqual(
        body.data.adjustments.map((a: { team: { name: string }; points: number }) => [a.team.name, a.points]),
        [['Nottingham Forest FC', -4]],
      );
      assert.deepEqual(
        body.data.attribution.map((a: { source: string }) => a.source),
        ['openfootball/football.json'],
      );
    },
  );

  await t.test('a finished season with one match', async () => {
    const { body } = await standings(ids.competitions.en1, ids.seasons.en1_2015);
    assert.equal(body.data.basis, 'computed');
    assert.deepEqual(
      body.data.rows.map((r: Row) => [r.position, r.team.name, r.points]),
      [
        [1, 'Manchester United', 3],
        [2, 'Tottenham Hotspur', 0],
      ],
    );
    assert.deepEqual(body.data.adjustments, []);
  });

  await t.test(
    'the team route: the team’s rows in the tables of its current seasons, with their basis',
    async () => {
      const { body } = await getOk(app, `${API}/football/teams/${ids.teams.manCity}/standings`, auth());
      assert.deepEqual(body.data.coverage, { standings_available: true });
      assert.equal(body.data.rows.length, 1);
      const [row] = body.data.rows;
      assert.deepEqual(row.competition, { id: ids.competitions.en1, name: 'English Premier League' });
      assert.deepEqual(row.season, { id: ids.seasons.en1_2023, name: '2023/24' });
      assert.equal(row.basis, 'computed');
      assert.equal(row.position, 1);
      assert.equal(row.points, 6);
    },
  );

  await t.test('coverage says a table can be served for every league with results', async () => {
    for (const id of [ids.competitions.en1, ids.competitions.de1]) {
      const { body } = await getOk(app, `${API}/coverage/leagues/${id}`, auth());
      assert.equal(body.data.available.standings, true, id);
    }
  });
});

test('standings of a season with fixtures but no results yet', async (t) => {
  const { app, auth, storage, cache, dir, ids } = await buildTestApp(t);
  // Next season's fixtures, none played at ingestion time: the season exists, no result can be counted.
  const from = path.join(dir, 'fixtures-only', 'football.json');
  const file = path.join(from, '2024-25', 'en.1.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    JSON.stringify({
      name: 'English Premier League 2024/25',
      matches: [
        {
          round: 'Matchday 1',
          date: '2024-08-16',
          time: '20:00',
          team1: 'Manchester United FC',
          team2: 'Fulham FC',
        },
        {
          round: 'Matchday 1',
          date: '2024-08-17',
          time: '12:30',
          team1: 'Ipswich Town FC',
          team2: 'Liverpool FC',
        },
      ],
    }),
  );
  const run = await runIngestion(storage, {
    source: 'openfootball',
    location: from,
    load: () => loadOpenfootball({ from, clubs: path.join(dir, 'clubs') }),
    clock: () => new Date(INGESTED_AT),
  });
  assert.equal(run.outcome, 'succeeded', run.error ?? '');
  cache.clear();
  const seasons = await getOk(app, `${API}/football/competitions/${ids.competitions.en1}/seasons`, auth());
  const season = seasons.body.data.find((s: { name: string }) => s.name === '2024/25');
  assert.ok(season, 'the new season is listed');
  const { body } = await getOk(
    app,
    `${API}/football/competitions/${ids.competitions.en1}/seasons/${season.id}/standings`,
    auth(),
  );
  // A table before its first matchday, as leagues show one: every team of the fixtures on nothing, in the
  // order that breaks a complete tie (by name), under the season's rules and with its source credited.
  assert.equal(body.data.basis, 'computed');
  assert.equal(body.data.rules.known, true);
  assert.deepEqual(body.data.adjustments, []);
  assert.deepEqual(
    body.data.attribution.map((a: { source: string }) => a.source),
    ['openfootball/football.json'],
  );
  assert.deepEqual(
    body.data.rows.map((r: Row) => [r.position, r.team.name, r.played, r.goals_for, r.points, r.form]),
    [
      [1, 'Fulham FC', 0, 0, 0, null],
      [2, 'Ipswich Town FC', 0, 0, 0, null],
      [3, 'Liverpool FC', 0, 0, 0, null],
      [4, 'Manchester United FC', 0, 0, 0, null],
    ],
  );
});
