// Acceptance 5 (adapter): football-data through a real run. Empty cells are stored and served as null;
// a non-numeric cell rejects its row and keeps the others; a file in an unknown league folder has every
// row rejected; statistics ingested BEFORE the fixtures link to them once football.json comes in.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { openApi } from '../../support/sources/api.js';
import {
  BURNLEY_CITY_ROW,
  csvRow,
  tempDir,
  writeClubs,
  writeFootballData,
  writeFootballJson,
} from '../../support/sources/fixtures.js';
import { findRun } from '../../../src/storage/repositories/ingestion-run.repository.js';
import { ingestOk, matchIdOn, openTestStorage, type TestStorage } from '../../support/sources/storage.js';

type Stats = {
  coverage: { statistics_available: boolean };
  teams: Array<{ statistics: Record<string, unknown> }>;
};

describe('sources: the football-data adapter', () => {
  let tmp: ReturnType<typeof tempDir>;
  let storage: TestStorage;

  beforeEach(async () => {
    tmp = tempDir();
    writeClubs(tmp.dir);
    storage = await openTestStorage('football-data.db');
  });
  afterEach(async () => {
    await storage.close();
    tmp.cleanup();
  });

  const storedStats = () =>
    storage.db
      .selectFrom('match_team_stats')
      .selectAll()
      .orderBy('match_date')
      .orderBy('shots_total')
      .execute();

  it('stores an empty cell as null, not 0', async () => {
    const row = csvRow({
      Date: '2023-08-11',
      HomeTeam: 'Burnley',
      AwayTeam: 'Man City',
      HS: 0,
      AS: 17,
      HC: 6,
    });
    const run = await ingestOk(storage, 'football-data', writeFootballData(tmp.dir, [row]));
    assert.deepEqual([run.rejected, run.inserted], [0, 2]);
    const stats = await storedStats();
    assert.deepEqual(
      stats.map((s) => [s.shots_total, s.corners, s.shots_on_target, s.yellow_cards, s.red_cards]),
      [
        [0, 6, null, null, null],
        [17, null, null, null, null],
      ],
    );
  });

  it('rejects a row with a non-numeric cell and keeps the others', async () => {
    const bad = csvRow({ Date: '2023-08-12', HomeTeam: 'Arsenal', AwayTeam: 'Burnley', HS: '1O' });
    const run = await ingestOk(storage, 'football-data', writeFootballData(tmp.dir, [BURNLEY_CITY_ROW, bad]));
    assert.equal(run.rejected, 1);
    const found = await findRun(storage.db, run.runId);
    assert.deepEqual(
      found?.rejections.map((r) => [r.record_ref, r.reason]),
      [['row 2', 'HS "1O" is not a whole number']],
    );
    assert.deepEqual(
      (await storedStats()).map((s) => s.match_date),
      ['2023-08-11', '2023-08-11'],
    );
  });

  it('rejects every row of a file in an unknown league folder', async () => {
    writeFootballData(tmp.dir, [BURNLEY_CITY_ROW], 'premier-league', '2324');
    const from = writeFootballData(tmp.dir, [BURNLEY_CITY_ROW, BURNLEY_CITY_ROW], 'eliteserien', '2024');
    const run = await ingestOk(storage, 'football-data', from);
    assert.equal(run.rejected, 2);
    const found = await findRun(storage.db, run.runId);
    assert.deepEqual(
      found?.rejections.map((r) => [r.artifact_uri, r.record_ref, r.reason]),
      ['row 1', 'row 2'].map((ref) => [
        'football-data/datasets/eliteserien/season-2024.csv',
        ref,
        'unknown league folder: its club directory is not known',
      ]),
    );
    assert.equal((await storedStats()).length, 2, 'the Premier League file is still read');
  });

  it('links statistics ingested before the fixtures once the fixtures come in', async () => {
    await ingestOk(storage, 'football-data', writeFootballData(tmp.dir, [BURNLEY_CITY_ROW]));
    const count = await storage.db
      .selectFrom('matches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 0, 'football-data creates no match');
    assert.equal((await storedStats()).length, 2);

    await ingestOk(storage, 'openfootball', writeFootballJson(tmp.dir));
    const api = await openApi(storage);
    try {
      const id = await matchIdOn(storage, 'en.1', '2023-08-11', 'Burnley FC');
      const body = await api.get<{ data: Stats }>(`/football/matches/${id}/stats`);
      assert.equal(body.data.coverage.statistics_available, true);
      assert.deepEqual(
        body.data.teams.map((s) => [
          s.statistics.corners,
          s.statistics.shots_total,
          s.statistics.shots_on_target,
        ]),
        [
          [6, 6, 1],
          [5, 17, 8],
        ],
      );
    } finally {
      await api.close();
    }
  });
});
