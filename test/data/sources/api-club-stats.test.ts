// Acceptance 2 (club statistics): with every source ingested, a Premier League match's /stats carries the
// football-data figures of its CSV row, every CSV row links to a fixture, the league's coverage lists its
// capabilities, and a league no statistics source covers (Bundesliga) answers false with no teams.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseCsv } from '../../../src/ingest/artifacts/csv.js';
import { competitionId, openRealData, type RealData } from '../../support/sources/real-data.js';
import { DATA, needsSharedData, SHARED_AVAILABLE } from '../../support/shared-data.js';
import { matchIdOn } from '../../support/sources/storage.js';

type Stats = {
  coverage: { statistics_available: boolean };
  attribution: Array<{ source: string }>;
  teams: Array<{ team: { name: string }; statistics: Record<string, number | null> }>;
};

const SEASONS = ['2223', '2324', '2425'];

/** The CSV's row for a home team on a date, by column name. */
function csvRow(season: string, date: string, home: string): Record<string, string> {
  const file = path.join(DATA.footballData, 'datasets/premier-league', `season-${season}.csv`);
  const csv = parseCsv(fs.readFileSync(file, 'utf8'), file);
  const rows = csv.records.map((r) => Object.fromEntries(csv.header.map((h, i) => [h, r.fields[i] ?? ''])));
  const found = rows.filter((r) => r.Date === date && r.HomeTeam === home);
  assert.equal(found.length, 1, `${file}: ${home} on ${date}`);
  return found[0]!;
}

describe('sources: club statistics through the API', () => {
  let real: RealData;

  before(async () => {
    if (SHARED_AVAILABLE) real = await openRealData('club-stats-api.db');
  });
  after(() => real?.close());

  it("gives Burnley v Man City (2023-08-11) the CSV row's corners, shots and cards", async (t) => {
    if (!needsSharedData(t)) return;
    const id = await matchIdOn(real.storage, 'en.1', '2023-08-11', 'Burnley FC');
    const body = await real.api.get<{ data: Stats }>(`/football/matches/${id}/stats`);
    assert.equal(body.data.coverage.statistics_available, true);
    assert.deepEqual(
      body.data.attribution.map((a) => a.source),
      ['football-data/csv'],
    );
    const row = csvRow('2324', '2023-08-11', 'Burnley');
    assert.equal(row.AwayTeam, 'Man City');
    const served = body.data.teams.map((s) => [
      s.team.name,
      s.statistics.corners,
      s.statistics.shots_total,
      s.statistics.shots_on_target,
      s.statistics.yellow_cards,
      s.statistics.red_cards,
    ]);
    const side = (h: 'H' | 'A') =>
      [h === 'H' ? 'HC' : 'AC', `${h}S`, `${h}ST`, `${h}Y`, `${h}R`].map((c) => Number(row[c]));
    assert.deepEqual(served, [
      ['Burnley FC', ...side('H')],
      ['Manchester City FC', ...side('A')],
    ]);
    assert.deepEqual(served, [
      ['Burnley FC', 6, 6, 1, 0, 1],
      ['Manchester City FC', 5, 17, 8, 0, 0],
    ]);
    for (const s of body.data.teams) {
      assert.deepEqual(
        [s.statistics.possession_percent, s.statistics.expected_goals, s.statistics.shots_inside_box],
        [null, null, null],
        'figures the CSV does not have are null',
      );
    }
  });

  it('links every row of the three CSV seasons to one Premier League fixture', async (t) => {
    if (!needsSharedData(t)) return;
    const linked = await real.storage.db
      .selectFrom('matches as m')
      .innerJoin('competitions as c', 'c.id', 'm.competition_id')
      .innerJoin('seasons as s', 's.id', 'm.season_id')
      .innerJoin('match_team_stats as t', (j) =>
        j
          .onRef('t.team_id', '=', 'm.home_team_id')
          .onRef('t.opponent_team_id', '=', 'm.away_team_id')
          .onRef('t.match_date', '=', 'm.local_date'),
      )
      .select(['s.key', (eb) => eb.fn.count<number>('m.id').distinct().as('n')])
      .where('c.code', '=', 'en.1')
      .where('t.source', '=', 'football-data/csv')
      .groupBy('s.key')
      .orderBy('s.key')
      .execute();
    assert.deepEqual(
      linked.map((r) => [r.key, Number(r.n)]),
      SEASONS.map((s) => [`20${s.slice(0, 2)}-${s.slice(2)}`, 380]),
    );
  });

  it('lists the Premier League capabilities', async (t) => {
    if (!needsSharedData(t)) return;
    const en1 = await competitionId(real.storage, 'en.1');
    const body = await real.api.get<{ data: { available: Record<string, boolean> } }>(
      `/coverage/leagues/${en1}`,
    );
    assert.deepEqual(body.data.available, {
      fixtures: true,
      results: true,
      teams: true,
      standings: true, // computed from the results
      players: false,
      live: false,
      odds: false,
      statistics: true,
      lineups: false,
      timeline: false,
    });
  });

  it('answers statistics_available false with no teams for the Bundesliga', async (t) => {
    if (!needsSharedData(t)) return;
    const id = await matchIdOn(real.storage, 'de.1', '2023-08-18', 'SV Werder Bremen');
    const body = await real.api.get<{ data: Stats }>(`/football/matches/${id}/stats`);
    assert.deepEqual(
      [body.data.coverage, body.data.teams, body.data.attribution],
      [{ statistics_available: false }, [], []],
    );
  });
});
