import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunSummary } from '../../../src/ingest/runner.js';
import type { Storage } from '../../../src/storage/connection.js';
import {
  entry,
  epl,
  makeTempDir,
  removeDir,
  writeClubs,
  writeFootballJson,
} from '../../support/ingest/football-json-fixture.js';
import { findMatch, ingest, matchRows, openTestStorage } from '../../support/ingest/test-storage.js';

const FILES = {
  '2023-24/en.1': epl('2023-24', [
    entry('2023-08-11 20:00', 'Burnley FC', 'Manchester City FC', { ht: [0, 2], ft: [0, 3] }),
    entry('2023-12-26 15:00', 'Burnley FC', 'Liverpool FC', { ft: [0, 2] }, { round: 'Matchday 19' }),
    entry('2024-01-01', 'Liverpool FC', 'Manchester City FC', { ft: [1, 1] }, { round: 'Matchday 20' }),
  ]),
  '2023-24/uefa.cl': {
    name: 'UEFA Champions League 2023/24',
    matches: [
      entry('2024-04-17 21:00', 'Manchester City (ENG)', 'Real Madrid CF (ESP)', { ft: [1, 1], p: [3, 4] }),
    ],
  },
  '2025-26/at.2': {
    name: 'Austria 2. Liga 2025/26',
    matches: [
      entry('2025-08-01 9:30', 'SKN St. Pölten', 'SV Stripfing', { ft: [1, 0] }, { round: '1. Round' }),
    ],
  },
  '2021-22/en.2': {
    name: 'English Championship 2021/22',
    matches: [
      entry('2021-08-06 20:00', 'Fulham FC', 'Huddersfield Town AFC', { ft: [1, 1] }, { stage: 'Regular' }),
      entry(
        '2022-05-29 16:30',
        'Huddersfield Town AFC',
        'Nottingham Forest FC',
        { ft: [0, 1] },
        {
          round: undefined,
          stage: 'Playoffs',
        },
      ),
    ],
  },
  '2019-20/en.1': epl('2019-20', [
    entry('2019-08-09 20:00', 'Liverpool FC', 'Norwich City FC', { ft: [4, 1] }),
    entry('2019-07-01 18:00', 'Norwich City FC', 'Arsenal FC', { ft: [0, 4] }, { round: 'Matchday 32' }),
  ]),
  '2025/br.1': {
    name: 'Brazil | Série A 2025',
    matches: [entry('2025-03-29 16:00', 'SE Palmeiras', 'Botafogo FR', { ft: [0, 0] })],
  },
};

describe('ingestion: kick-off times, rounds and stages', () => {
  let dir: string;
  let storage: Storage;
  let summary: RunSummary;

  before(async () => {
    dir = makeTempDir('kickoff');
    const from = writeFootballJson(dir, FILES);
    storage = await openTestStorage();
    summary = await ingest(storage, from, { clubs: writeClubs(dir) });
    assert.equal(summary.outcome, 'succeeded', summary.error ?? '');
    assert.equal(summary.rejected, 0);
  });

  after(async () => {
    await storage.close();
    removeDir(dir);
  });

  it('converts English summer local time to UTC (BST 20:00 -> 19:00Z)', async () => {
    const m = await findMatch(storage, 'Burnley FC', 'Manchester City FC');
    assert.equal(m.starts_at, '2023-08-11T19:00:00Z');
    assert.equal(m.time_known, 1);
  });

  it('converts English winter local time (GMT 15:00 -> 15:00Z)', async () => {
    assert.equal((await findMatch(storage, 'Burnley FC', 'Liverpool FC')).starts_at, '2023-12-26T15:00:00Z');
  });

  it('a date without a time starts at 00:00Z and says the time is not known', async () => {
    const m = await findMatch(storage, 'Liverpool FC', 'Manchester City FC');
    assert.equal(m.starts_at, '2024-01-01T00:00:00Z');
    assert.equal(m.time_known, 0);
  });

  it("reads continental cup times in the organiser's zone and strips the (ENG) suffix", async () => {
    const m = await findMatch(storage, 'Manchester City FC', 'Real Madrid CF', '2024-04-17');
    assert.equal(m.starts_at, '2024-04-17T19:00:00Z');
    assert.equal(m.code, 'uefa.cl');
    // "Manchester City (ENG)" in the cup and "Manchester City FC" in the league are one team.
    const teams = await storage.db
      .selectFrom('teams')
      .select(['name', 'country_name'])
      .where('name', 'like', 'Manchester City%')
      .execute();
    assert.deepEqual(teams, [{ name: 'Manchester City FC', country_name: 'England' }]);
  });

  it('reads H:MM times (9:30 in Vienna, summer -> 07:30Z)', async () => {
    assert.equal(
      (await findMatch(storage, 'SKN St. Pölten', 'SV Stripfing')).starts_at,
      '2025-08-01T07:30:00Z',
    );
  });

  it('keeps a stage without a round', async () => {
    const m = await findMatch(storage, 'Huddersfield Town AFC', 'Nottingham Forest FC');
    assert.equal(m.round, null);
    assert.equal(m.stage, 'Playoffs');
    assert.equal(m.starts_at, '2022-05-29T15:30:00Z');
    const regular = await findMatch(storage, 'Fulham FC', 'Huddersfield Town AFC');
    assert.deepEqual([regular.round, regular.stage], ['Matchday 1', 'Regular']);
  });

  it('moves a late round dated a year too early into the season, and says so', async () => {
    const m = await findMatch(storage, 'Norwich City FC', 'Arsenal FC');
    assert.equal(m.starts_at, '2020-07-01T17:00:00Z');
    assert.ok(
      summary.notes.some((n) => n.includes('2019-20/en.1.json') && n.includes('1 match dates moved')),
      summary.notes.join('\n'),
    );
    const season = await storage.db
      .selectFrom('seasons')
      .selectAll()
      .where('id', '=', m.season_id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [season.key, season.name, season.starts_on, season.ends_on],
      ['2019-20', '2019/20', '2019-08-09', '2020-07-01'],
    );
  });

  it("reads calendar-year seasons in their country's zone", async () => {
    const m = await findMatch(storage, 'SE Palmeiras', 'Botafogo FR');
    assert.equal(m.starts_at, '2025-03-29T19:00:00Z');
    assert.equal(m.season, '2025');
  });

  it('names competitions and seasons from the files', async () => {
    const comps = await storage.db
      .selectFrom('competitions')
      .select(['code', 'name', 'timezone', 'country_name'])
      .orderBy('code')
      .execute();
    assert.deepEqual(comps, [
      { code: 'at.2', name: 'Austria 2. Liga', timezone: 'Europe/Vienna', country_name: 'Austria' },
      { code: 'br.1', name: 'Série A', timezone: 'America/Sao_Paulo', country_name: 'Brazil' },
      { code: 'en.1', name: 'English Premier League', timezone: 'Europe/London', country_name: 'England' },
      { code: 'en.2', name: 'English Championship', timezone: 'Europe/London', country_name: 'England' },
      { code: 'uefa.cl', name: 'UEFA Champions League', timezone: 'Europe/Paris', country_name: null },
    ]);
    assert.equal((await matchRows(storage)).length, 10);
  });
});
