// Table zones through the API (both engines): a computed league table's rows say what their places lead
// to under the competition's rules (Champions, promotion, play-offs, relegation), counted on the matches
// played so far; a reserve team's promotion place passes down; the team route carries the same note.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadOpenfootball } from '../../src/ingest/openfootball/adapter.js';
import { runIngestion } from '../../src/ingest/runner.js';
import { buildTestApp, INGESTED_AT } from '../support/build-app.js';
import { API, getOk } from '../support/api-contract.js';

type Row = { position: number; team: { id: string; name: string }; description: string | null };

// prettier-ignore
const PREMIER_LEAGUE = [
  'Manchester City FC', 'Arsenal FC', 'Manchester United FC', 'Newcastle United FC', 'Liverpool FC',
  'Brighton & Hove Albion FC', 'Aston Villa FC', 'Tottenham Hotspur FC', 'Brentford FC', 'Fulham FC',
  'Crystal Palace FC', 'Chelsea FC', 'Wolverhampton Wanderers FC', 'West Ham United FC', 'AFC Bournemouth',
  'Nottingham Forest FC', 'Everton FC', 'Leicester City FC', 'Leeds United FC', 'Southampton FC',
];

// prettier-ignore
const DRITTE_LIGA = [
  'Bayern München II', 'Würzburger Kickers', 'Eintracht Braunschweig', 'FC Ingolstadt 04', 'MSV Duisburg',
  'Hansa Rostock', 'SV Meppen', 'TSV 1860 München', 'Waldhof Mannheim', '1. FC Kaiserslautern',
  'SpVgg Unterhaching', 'Viktoria Köln', 'KFC Uerdingen 05', '1. FC Magdeburg', 'Hallescher FC',
  'FSV Zwickau', 'Chemnitzer FC', 'Preußen Münster', 'SG Sonnenhof Großaspach', 'FC Carl Zeiss Jena',
];

/**
 * A first matchday in which the table ends up in the order given: the k-th team beats the (21-k)-th by
 * 10-k goals, so wins rank by goal difference above every loss, and losses by the margin.
 */
function firstMatchday(name: string, date: string, teams: string[]) {
  const matches = teams.slice(0, 10).map((home, k) => ({
    round: 'Matchday 1',
    date,
    time: '15:00',
    team1: home,
    team2: teams[19 - k],
    score: { ht: [0, 0], ft: [10 - k, 0] },
  }));
  return { name, matches };
}

test('the zones of a computed league table', async (t) => {
  const { app, auth, storage, cache, dir } = await buildTestApp(t);
  const from = path.join(dir, 'zones', 'football.json');
  const files = {
    '2022-23/en.1.json': firstMatchday('English Premier League 2022/23', '2022-08-06', PREMIER_LEAGUE),
    '2019-20/de.3.json': firstMatchday('Deutschland 3. Liga 2019/20', '2019-07-20', DRITTE_LIGA),
  };
  for (const [file, doc] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(from, file)), { recursive: true });
    fs.writeFileSync(path.join(from, file), JSON.stringify(doc));
  }
  const run = await runIngestion(storage, {
    source: 'openfootball',
    location: from,
    load: () => loadOpenfootball({ from, clubs: path.join(dir, 'clubs') }),
    clock: () => new Date(INGESTED_AT),
  });
  assert.equal(run.outcome, 'succeeded', run.error ?? '');
  cache.clear();

  const table = async (code: string, seasonName: string) => {
    const competition = await storage.db
      .selectFrom('competitions')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const seasons = await getOk(app, `${API}/football/competitions/${competition.id}/seasons`, auth());
    const season = seasons.body.data.find((s: { name: string }) => s.name === seasonName);
    assert.ok(season, `${code} ${seasonName} is listed`);
    const url = `${API}/football/competitions/${competition.id}/seasons/${season.id}/standings`;
    const { body } = await getOk(app, url, auth());
    assert.equal(body.data.basis, 'computed');
    return body.data.rows as Row[];
  };
  const zones = (rows: Row[]) =>
    rows.filter((r) => r.description !== null).map((r) => [r.position, r.team.name, r.description]);

  await t.test('Premier League: the leader is "Champions", the last three "Relegation"', async () => {
    const rows = await table('en.1', '2022/23');
    assert.deepEqual(
      rows.map((r) => r.team.name),
      PREMIER_LEAGUE,
    );
    assert.deepEqual(zones(rows), [
      [1, 'Manchester City FC', 'Champions'],
      [18, 'Leicester City FC', 'Relegation'],
      [19, 'Leeds United FC', 'Relegation'],
      [20, 'Southampton FC', 'Relegation'],
    ]);
  });

  await t.test('3. Liga: the reserve team on top cannot go up, its place passes down', async () => {
    const rows = await table('de.3', '2019/20');
    assert.deepEqual(zones(rows), [
      [2, 'Würzburger Kickers', 'Promotion'],
      [3, 'Eintracht Braunschweig', 'Promotion'],
      [4, 'FC Ingolstadt 04', 'Promotion play-offs'],
      [17, 'Chemnitzer FC', 'Relegation'],
      [18, 'Preußen Münster', 'Relegation'],
      [19, 'SG Sonnenhof Großaspach', 'Relegation'],
      [20, 'FC Carl Zeiss Jena', 'Relegation'],
    ]);
    assert.equal(rows[0]!.description, null);

    // The team route shows the same row, description included.
    const { body } = await getOk(app, `${API}/football/teams/${rows[16]!.team.id}/standings`, auth());
    const mine = body.data.rows.filter((r: { basis: string }) => r.basis === 'computed');
    assert.deepEqual(
      mine.map((r: Row) => [r.position, r.description]),
      [[17, 'Relegation']],
    );
  });
});
