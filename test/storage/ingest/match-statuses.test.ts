import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Storage } from '../../../src/storage/connection.js';
import {
  entry,
  epl,
  makeTempDir,
  removeDir,
  writeClubs,
  writeFootballJson,
} from '../../support/ingest/football-json-fixture.js';
import { findMatch, ingest, openTestStorage } from '../../support/ingest/test-storage.js';

// The run's "now" is 2024-03-01 12:00 UTC.
const NOW = '2024-03-01T12:00:00Z';
const EN1 = [
  entry('2023-08-11 20:00', 'Burnley FC', 'Manchester City FC', { ht: [0, 2], ft: [0, 3] }),
  entry('2023-08-19', 'Everton FC', 'Fulham FC', {}, { round: 'Matchday 2' }),
  entry('2024-05-19 16:00', 'Brentford FC', 'Newcastle United FC', {}, { round: 'Matchday 38' }),
  entry('2024-03-01', 'Luton Town FC', 'Aston Villa FC', {}, { round: 'Matchday 27' }),
  entry('2023-09-16', 'Chelsea FC', 'Brighton & Hove Albion FC', {}, { status: 'cancelled' }),
  entry('2024-03-16', 'Wolverhampton Wanderers FC', 'Liverpool FC', {}, { status: 'postponed' }),
  entry('2023-10-01', 'Sheffield United FC', 'Crystal Palace FC', {}, { status: 'abandoned' }),
  entry('2023-10-07', 'Bournemouth AFC', 'West Ham United FC', { ft: [0, 2] }, { status: 'awarded' }),
  entry('2023-10-21', 'Tottenham Hotspur FC', 'Manchester United FC', {}, { status: 'suspended' }),
];

describe('ingestion: match statuses', () => {
  let dir: string;
  let storage: Storage;

  before(async () => {
    dir = makeTempDir('statuses');
    const from = writeFootballJson(dir, { '2023-24/en.1': epl('2023-24', EN1) });
    storage = await openTestStorage();
    const summary = await ingest(storage, from, { clubs: writeClubs(dir), now: NOW });
    assert.equal(summary.outcome, 'succeeded', summary.error ?? '');
    assert.deepEqual([summary.inserted, summary.rejected], [EN1.length, 0]);
  });

  after(async () => {
    await storage.close();
    removeDir(dir);
  });

  async function status(home: string, away: string) {
    const m = await findMatch(storage, home, away);
    return [m.status, m.source_status, m.home_score, m.away_score];
  }

  it('a result is finished', async () => {
    assert.deepEqual(await status('Burnley FC', 'Manchester City FC'), ['finished', null, 0, 3]);
  });

  it('an empty score in the past is unknown, not scheduled', async () => {
    assert.deepEqual(await status('Everton FC', 'Fulham FC'), ['unknown', null, null, null]);
  });

  it('an empty score in the future is scheduled', async () => {
    assert.deepEqual(await status('Brentford FC', 'Newcastle United FC'), ['scheduled', null, null, null]);
  });

  it('an empty score dated today without a time is still scheduled (the day is not over)', async () => {
    assert.deepEqual(await status('Luton Town FC', 'Aston Villa FC'), ['scheduled', null, null, null]);
  });

  it('cancelled and abandoned are canceled; the source word is kept', async () => {
    assert.deepEqual(await status('Chelsea FC', 'Brighton & Hove Albion FC'), [
      'canceled',
      'cancelled',
      null,
      null,
    ]);
    assert.deepEqual(await status('Sheffield United FC', 'Crystal Palace FC'), [
      'canceled',
      'abandoned',
      null,
      null,
    ]);
  });

  it('postponed is postponed', async () => {
    assert.deepEqual(await status('Wolverhampton Wanderers FC', 'Liverpool FC'), [
      'postponed',
      'postponed',
      null,
      null,
    ]);
  });

  it('awarded is finished with the awarded score', async () => {
    assert.deepEqual(await status('Bournemouth AFC', 'West Ham United FC'), ['finished', 'awarded', 0, 2]);
  });

  it('a status word never seen before gives unknown', async () => {
    assert.deepEqual(await status('Tottenham Hotspur FC', 'Manchester United FC'), [
      'unknown',
      'suspended',
      null,
      null,
    ]);
  });

  it('counts only matches with a score as results', async () => {
    const c = await storage.db
      .selectFrom('competitions')
      .select(['match_count', 'result_count'])
      .executeTakeFirstOrThrow();
    assert.deepEqual([Number(c.match_count), Number(c.result_count)], [EN1.length, 2]);
  });
});
