import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Score } from '../../../src/ingest/openfootball/match-record.js';
import { matchStatus } from '../../../src/ingest/match-status.js';

const NOW = Date.parse('2024-03-01T12:00:00Z');
const PAST = NOW - 86_400_000;
const FUTURE = NOW + 86_400_000;
const EMPTY: Score = { ht: null, ft: null, et: null, p: null };
const FT: Score = { ...EMPTY, ht: [0, 2], ft: [0, 3] };

describe('matchStatus', () => {
  it('cancelled, canceled and abandoned are canceled', () => {
    for (const word of ['cancelled', 'canceled', 'abandoned', 'Cancelled', 'ABANDONED']) {
      assert.equal(matchStatus(word, EMPTY, PAST, NOW), 'canceled', word);
    }
  });

  it('postponed is postponed, even when the date is past', () => {
    assert.equal(matchStatus('postponed', EMPTY, PAST, NOW), 'postponed');
    assert.equal(matchStatus('postponed', EMPTY, FUTURE, NOW), 'postponed');
  });

  it('awarded is finished', () => {
    assert.equal(matchStatus('awarded', { ...EMPTY, ft: [0, 2] }, PAST, NOW), 'finished');
  });

  it('a status word never seen before is unknown, whatever the score', () => {
    assert.equal(matchStatus('suspended', EMPTY, FUTURE, NOW), 'unknown');
    assert.equal(matchStatus('suspended', FT, PAST, NOW), 'unknown');
  });

  it('any result (ft, et or penalties) is finished', () => {
    assert.equal(matchStatus(null, FT, PAST, NOW), 'finished');
    assert.equal(matchStatus(null, { ...EMPTY, et: [1, 0] }, PAST, NOW), 'finished');
    assert.equal(matchStatus(null, { ...EMPTY, p: [2, 4], et: [1, 1] }, PAST, NOW), 'finished');
  });

  it('an empty score is scheduled only while the kick-off is ahead', () => {
    assert.equal(matchStatus(null, EMPTY, FUTURE, NOW), 'scheduled');
    assert.equal(matchStatus(null, EMPTY, PAST, NOW), 'unknown');
    assert.equal(matchStatus(null, EMPTY, NOW, NOW), 'unknown');
  });

  it('a half-time score alone is not a result', () => {
    assert.equal(matchStatus(null, { ...EMPTY, ht: [1, 0] }, FUTURE, NOW), 'scheduled');
  });
});
