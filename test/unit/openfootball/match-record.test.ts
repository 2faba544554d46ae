import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRawMatch, type RawMatch } from '../../../src/ingest/openfootball/match-record.js';

const BASE = {
  round: 'Matchday 1',
  date: '2023-08-11',
  time: '20:00',
  team1: 'Burnley FC',
  team2: 'Manchester City FC',
};

function ok(entry: unknown): RawMatch {
  const r = parseRawMatch(entry);
  if (!r.ok) assert.fail(`expected a valid match, got: ${r.reason}`);
  return r.value;
}

function reason(entry: unknown): string {
  const r = parseRawMatch(entry);
  if (r.ok) assert.fail('expected the entry to be rejected');
  return r.reason;
}

const EMPTY = { ht: null, ft: null, et: null, p: null };

describe('parseRawMatch: scores', () => {
  it('ft + ht', () => {
    assert.deepEqual(ok({ ...BASE, score: { ht: [0, 2], ft: [0, 3] } }).score, {
      ...EMPTY,
      ht: [0, 2],
      ft: [0, 3],
    });
  });

  it('ft only', () => {
    assert.deepEqual(ok({ ...BASE, score: { ft: [0, 0] } }).score, { ...EMPTY, ft: [0, 0] });
  });

  it('{} and a missing score: no result', () => {
    assert.deepEqual(ok({ ...BASE, score: {} }).score, EMPTY);
    assert.deepEqual(ok({ ...BASE }).score, EMPTY);
  });

  it('extra time and penalties', () => {
    const score = { ht: [1, 0], ft: [1, 1], et: [2, 2], p: [4, 3] };
    assert.deepEqual(ok({ ...BASE, score }).score, score);
  });

  it('penalties without extra time', () => {
    const score = { ht: [1, 0], ft: [2, 2], p: [2, 4] };
    assert.deepEqual(ok({ ...BASE, score }).score, { ...score, et: null });
  });

  it('a bare [a, b] list is the full-time score', () => {
    assert.deepEqual(ok({ ...BASE, score: [2, 0] }).score, { ...EMPTY, ft: [2, 0] });
  });

  it('rejects malformed scores', () => {
    assert.match(reason({ ...BASE, score: [2] }), /score list/);
    assert.match(reason({ ...BASE, score: { ft: [1, -1] } }), /score\.ft/);
    assert.match(reason({ ...BASE, score: { ft: [1.5, 0] } }), /score\.ft/);
    assert.match(reason({ ...BASE, score: { ft: ['1', '0'] } }), /score\.ft/);
    assert.match(reason({ ...BASE, score: { agg: [3, 2] } }), /unknown key "agg"/);
    assert.match(reason({ ...BASE, score: '2-1' }), /score is not an object/);
  });
});

describe('parseRawMatch: dates and times', () => {
  it('rejects impossible dates', () => {
    assert.match(reason({ ...BASE, date: '2023-02-30' }), /date "2023-02-30"/);
    assert.match(reason({ ...BASE, date: '2023-8-11' }), /date/);
    assert.match(reason({ ...BASE, date: undefined }), /date/);
    assert.equal(ok({ ...BASE, date: '2024-02-29' }).date, '2024-02-29');
  });

  it('rejects impossible times', () => {
    assert.match(reason({ ...BASE, time: '25:00' }), /time "25:00" is not HH:MM/);
    assert.match(reason({ ...BASE, time: '20:60' }), /time/);
    assert.match(reason({ ...BASE, time: '20:00 UTC-6' }), /time/);
    assert.match(reason({ ...BASE, time: 2000 }), /time/);
  });

  it('pads H:MM to HH:MM', () => {
    assert.equal(ok({ ...BASE, time: '9:30' }).time, '09:30');
    assert.equal(ok({ ...BASE, time: '00:05' }).time, '00:05');
  });

  it('treats a missing or empty time as unknown', () => {
    assert.equal(ok({ ...BASE, time: undefined }).time, null);
    assert.equal(ok({ round: 'Matchday 1', date: '2023-08-11', team1: 'A', team2: 'B' }).time, null);
    assert.equal(ok({ ...BASE, time: '' }).time, null);
  });
});

describe('parseRawMatch: entries and teams', () => {
  it('rejects entries that are not objects', () => {
    for (const entry of [null, 42, 'match', [BASE]])
      assert.equal(reason(entry), 'match entry is not an object');
  });

  it('rejects the same team on both sides', () => {
    assert.match(reason({ ...BASE, team2: 'Burnley FC' }), /same team/);
    assert.match(reason({ ...BASE, team2: ' Burnley  FC ' }), /same team/);
  });

  it('rejects missing or empty team names', () => {
    assert.match(reason({ ...BASE, team1: '' }), /team1/);
    assert.match(reason({ ...BASE, team2: undefined }), /team2/);
  });

  it('normalizes whitespace in names and keeps optional text fields', () => {
    const m = ok({ ...BASE, team1: '  Burnley   FC ', round: '', stage: 'Playoffs', status: 'awarded' });
    assert.equal(m.team1, 'Burnley FC');
    assert.equal(m.round, null);
    assert.equal(m.stage, 'Playoffs');
    assert.equal(m.status, 'awarded');
    assert.match(reason({ ...BASE, round: 7 }), /round is not a string/);
  });
});
