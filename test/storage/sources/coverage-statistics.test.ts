// Acceptance 3 (statistics): a match's statistics_available is derived from stored rows. Fixtures alone
// give false; a football-data row that links to no fixture leaves it false; a row that links to a fixture
// of the competition turns it true (for every match of it); without the rows it is false again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { refreshDerivedCounts } from '../../../src/storage/repositories/derived-counts.js';
import { openApi, type Api } from '../../support/sources/api.js';
import {
  BURNLEY_CITY,
  BURNLEY_CITY_ROW,
  csvRow,
  tempDir,
  writeClubs,
  writeFootballData,
  writeFootballJson,
} from '../../support/sources/fixtures.js';
import {
  competitionId,
  ingestOk,
  matchIdOn,
  openTestStorage,
  type TestStorage,
} from '../../support/sources/storage.js';

type Stats = {
  coverage: { statistics_available: boolean };
  teams: Array<{ statistics: Record<string, unknown> }>;
};
type Capabilities = Record<string, boolean>;

const ARSENAL_BURNLEY = { ...BURNLEY_CITY, date: '2023-11-11', team1: 'Arsenal FC', team2: 'Burnley FC' };

describe('sources: the statistics coverage flag follows stored rows', () => {
  const tmp = tempDir();
  let storage: TestStorage;
  let api: Api;
  let burnleyCity: string;
  let arsenalBurnley: string;
  let en1: string;

  before(async () => {
    writeClubs(tmp.dir);
    const fixtures = writeFootballJson(tmp.dir, [BURNLEY_CITY, ARSENAL_BURNLEY]);
    storage = await openTestStorage('coverage-statistics.db');
    const run = await ingestOk(storage, 'openfootball', fixtures);
    assert.equal(run.rejected, 0);
    api = await openApi(storage);
    burnleyCity = await matchIdOn(storage, 'en.1', '2023-08-11', 'Burnley FC');
    arsenalBurnley = await matchIdOn(storage, 'en.1', '2023-11-11', 'Arsenal FC');
    en1 = await competitionId(storage, 'en.1');
  });
  after(async () => {
    await api?.close();
    await storage?.close();
    tmp.cleanup();
  });

  const stats = async (match: string) => {
    const { coverage, teams } = (await api.get<{ data: Stats }>(`/football/matches/${match}/stats`)).data;
    return { coverage, teams };
  };
  const capabilities = async () =>
    (await api.get<{ data: { available: Capabilities } }>(`/coverage/leagues/${en1}`)).data.available;
  const ingestCsv = async (rows: string[]) => {
    const run = await ingestOk(storage, 'football-data', writeFootballData(tmp.dir, rows));
    await api.refresh();
    return run;
  };

  it('is false with fixtures alone, with no teams', async () => {
    assert.deepEqual(await stats(burnleyCity), { coverage: { statistics_available: false }, teams: [] });
    assert.deepEqual(await capabilities(), {
      fixtures: true,
      results: true,
      teams: true,
      standings: true, // a league with results has a table computed from them
      players: false,
      live: false,
      odds: false,
      statistics: false,
      lineups: false,
      timeline: false,
    });
  });

  it('stays false when the stored statistics link to no fixture of the competition', async () => {
    const run = await ingestCsv([
      csvRow({ Date: '2023-08-12', HomeTeam: 'Burnley', AwayTeam: 'Man City', HS: 1, AS: 2 }),
    ]);
    assert.deepEqual([run.rejected, run.inserted], [0, 2]);
    assert.equal((await stats(burnleyCity)).coverage.statistics_available, false);
  });

  it('turns true once a row links to a fixture: that match has figures, the others none yet', async () => {
    await ingestCsv([BURNLEY_CITY_ROW]);
    const linked = await stats(burnleyCity);
    assert.equal(linked.coverage.statistics_available, true);
    assert.deepEqual(
      linked.teams.map((s) => [s.statistics.corners, s.statistics.shots_total, s.statistics.red_cards]),
      [
        [6, 6, 1],
        [5, 17, 0],
      ],
    );
    assert.deepEqual(await stats(arsenalBurnley), { coverage: { statistics_available: true }, teams: [] });
    const available = await capabilities();
    assert.equal(available.statistics, true, 'the competition now has statistics');
    assert.equal(available.players, false, 'statistics are not players');
  });

  it('turns false again when the rows are gone', async () => {
    await storage.db.deleteFrom('match_team_stats').execute();
    await refreshDerivedCounts(storage.db, new Date().toISOString());
    await api.refresh();
    assert.deepEqual(await stats(burnleyCity), { coverage: { statistics_available: false }, teams: [] });
    assert.equal((await capabilities()).statistics, false);
  });
});
