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
import { findMatch, ingest, openTestStorage, type MatchRow } from '../../support/ingest/test-storage.js';

const EN1 = [
  entry('2023-08-11 20:00', 'Burnley FC', 'Manchester City FC', { ht: [0, 2], ft: [0, 3] }),
  entry('2023-08-12 15:00', 'Arsenal FC', 'Nottingham Forest FC', { ft: [0, 0] }),
  entry('2023-08-19', 'Everton FC', 'Fulham FC', {}, { round: 'Matchday 2' }),
  entry('2023-10-28', 'Liverpool FC', 'Burnley FC', [2, 1], { round: 'Matchday 10' }),
];
const DE_CUP = [
  entry('2023-08-12 18:00', 'SV Elversberg', 'FC Augsburg', {
    ht: [1, 0],
    ft: [1, 1],
    et: [2, 2],
    p: [4, 3],
  }),
  entry('2023-08-13 15:30', 'SV Meppen', 'VfL Bochum', { ht: [1, 0], ft: [1, 1], et: [3, 2] }),
  entry('2023-08-14 18:00', 'SC Verl', 'Mainz 05', { ht: [1, 0], ft: [2, 2], p: [2, 4] }),
];
const NONE = [null, null];

function scores(m: MatchRow) {
  return {
    status: m.status,
    final: [m.home_score, m.away_score],
    ht: [m.ht_home, m.ht_away],
    ft: [m.ft_home, m.ft_away],
    et: [m.et_home, m.et_away],
    p: [m.pen_home, m.pen_away],
  };
}

describe('ingestion: score shapes', () => {
  let dir: string;
  let storage: Storage;

  before(async () => {
    dir = makeTempDir('scores');
    const from = writeFootballJson(dir, {
      '2023-24/en.1': epl('2023-24', EN1),
      '2023-24/de.cup': { name: 'DFB Pokal 2023/24', matches: DE_CUP },
    });
    storage = await openTestStorage();
    const summary = await ingest(storage, from, { clubs: writeClubs(dir), now: '2024-03-01T12:00:00Z' });
    assert.equal(summary.outcome, 'succeeded', summary.error ?? '');
    assert.deepEqual([summary.inserted, summary.rejected], [EN1.length + DE_CUP.length, 0]);
  });

  after(async () => {
    await storage.close();
    removeDir(dir);
  });

  it('ft + ht: finished with both scores', async () => {
    assert.deepEqual(scores(await findMatch(storage, 'Burnley FC', 'Manchester City FC')), {
      status: 'finished',
      final: [0, 3],
      ht: [0, 2],
      ft: [0, 3],
      et: NONE,
      p: NONE,
    });
  });

  it('ft only: finished, no half-time score', async () => {
    assert.deepEqual(scores(await findMatch(storage, 'Arsenal FC', 'Nottingham Forest FC')), {
      status: 'finished',
      final: [0, 0],
      ht: NONE,
      ft: [0, 0],
      et: NONE,
      p: NONE,
    });
  });

  it('bare [a, b] list: finished with that full-time score', async () => {
    assert.deepEqual(scores(await findMatch(storage, 'Liverpool FC', 'Burnley FC')), {
      status: 'finished',
      final: [2, 1],
      ht: NONE,
      ft: [2, 1],
      et: NONE,
      p: NONE,
    });
  });

  it('{}: no scores at all', async () => {
    assert.deepEqual(scores(await findMatch(storage, 'Everton FC', 'Fulham FC')), {
      status: 'unknown',
      final: NONE,
      ht: NONE,
      ft: NONE,
      et: NONE,
      p: NONE,
    });
  });

  it('extra time and penalties: the final score is after extra time, penalties apart', async () => {
    assert.deepEqual(scores(await findMatch(storage, 'SV Elversberg', 'FC Augsburg')), {
      status: 'finished',
      final: [2, 2],
      ht: [1, 0],
      ft: [1, 1],
      et: [2, 2],
      p: [4, 3],
    });
  });

  it('extra time without penalties', async () => {
    assert.deepEqual(scores(await findMatch(storage, 'SV Meppen', 'VfL Bochum')), {
      status: 'finished',
      final: [3, 2],
      ht: [1, 0],
      ft: [1, 1],
      et: [3, 2],
      p: NONE,
    });
  });

  it('penalties without extra time', async () => {
    assert.deepEqual(scores(await findMatch(storage, 'SC Verl', 'Mainz 05')), {
      status: 'finished',
      final: [2, 2],
      ht: [1, 0],
      ft: [2, 2],
      et: NONE,
      p: [2, 4],
    });
  });
});
