import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judgeChange, statusMoveAllowed, type MatchState } from '../../../src/live/status-rules.js';

const state = (status: string, home: number | null = null, away: number | null = null): MatchState => ({
  status,
  home_score: home,
  away_score: away,
});

describe('live: status rules', () => {
  it('allows the moves of a match as it is played, and the same status again', () => {
    const allowed: Array<[string, string]> = [
      ['scheduled', 'live'],
      ['live', 'finished'],
      ['scheduled', 'postponed'],
      ['scheduled', 'canceled'],
      ['live', 'postponed'],
      ['live', 'canceled'],
      ['postponed', 'scheduled'],
      ['postponed', 'live'],
      ['postponed', 'canceled'],
      ['unknown', 'finished'],
      ['unknown', 'live'],
      ['finished', 'finished'],
      ['canceled', 'canceled'],
    ];
    for (const [from, to] of allowed) assert.ok(statusMoveAllowed(from, to), `${from} -> ${to}`);
  });

  it('refuses every other move', () => {
    const refused: Array<[string, string]> = [
      ['finished', 'live'],
      ['finished', 'scheduled'],
      ['canceled', 'scheduled'],
      ['live', 'scheduled'],
      ['scheduled', 'finished'],
      ['postponed', 'finished'],
    ];
    for (const [from, to] of refused) assert.ok(!statusMoveAllowed(from, to), `${from} -> ${to}`);
  });

  it('a refused move is allowed with a correction, and the correction says what it allowed', () => {
    const refused = judgeChange(state('finished', 2, 1), { status: 'live' });
    assert.deepEqual(refused, {
      ok: false,
      reason: 'status finished cannot become live; send it with "correction": true if it is one',
    });
    assert.deepEqual(judgeChange(state('finished', 2, 1), { status: 'live', correction: true }), {
      ok: true,
      next: state('live', 2, 1),
      corrected: ['status finished cannot become live'],
    });
  });

  it('kick-off starts at 0-0 unless a score is given', () => {
    assert.deepEqual(judgeChange(state('scheduled'), { status: 'live' }), {
      ok: true,
      next: state('live', 0, 0),
      corrected: [],
    });
    assert.deepEqual(judgeChange(state('scheduled'), { status: 'live', score: { home: 1, away: 0 } }), {
      ok: true,
      next: state('live', 1, 0),
      corrected: [],
    });
  });

  it('a score goes up while live, never down without a correction', () => {
    assert.deepEqual(judgeChange(state('live', 1, 0), { score: { home: 1, away: 1 } }), {
      ok: true,
      next: state('live', 1, 1),
      corrected: [],
    });
    const down = judgeChange(state('live', 1, 1), { score: { home: 0, away: 1 } });
    assert.equal(down.ok, false);
    assert.match((down as { reason: string }).reason, /the score would go backwards \(1-1 -> 0-1\)/);
    const corrected = judgeChange(state('live', 1, 1), { score: { home: 0, away: 1 }, correction: true });
    assert.deepEqual(corrected, {
      ok: true,
      next: state('live', 0, 1),
      corrected: ['the score would go backwards (1-1 -> 0-1)'],
    });
  });

  it("a finished match's score stands, and a finished match has one", () => {
    assert.match(
      (judgeChange(state('finished', 2, 1), { score: { home: 3, away: 1 } }) as { reason: string }).reason,
      /the score of a finished match would change/,
    );
    assert.deepEqual(judgeChange(state('live', 2, 1), { status: 'finished', score: { home: 3, away: 1 } }), {
      ok: true,
      next: state('finished', 3, 1),
      corrected: [],
    });
    assert.match(
      (judgeChange(state('unknown'), { status: 'finished' }) as { reason: string }).reason,
      /a finished match needs a score/,
    );
    assert.deepEqual(
      judgeChange(state('finished', 2, 1), { status: 'finished', score: { home: 2, away: 1 } }),
      {
        ok: true,
        next: state('finished', 2, 1),
        corrected: [],
      },
    );
  });

  it('a match not being played has no score to change', () => {
    const judged = judgeChange(state('scheduled'), { score: { home: 1, away: 0 } });
    assert.match(
      (judged as { reason: string }).reason,
      /a scheduled match has no score to change \(none -> 1-0\)/,
    );
    const postponed = judgeChange(state('live', 1, 0), { status: 'postponed' });
    assert.deepEqual(
      postponed,
      { ok: true, next: state('postponed', 1, 0), corrected: [] },
      'kept as it was',
    );
  });
});
