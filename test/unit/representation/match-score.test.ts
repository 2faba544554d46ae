import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchOutcome, NO_STAGES, type ScoreRow } from '../../../src/representation/match-score.js';

// How a match's stored stages read (docs/api.md, "Score breakdown"): the winner and what decided it.
const ROW: ScoreRow = {
  status: 'finished',
  source_status: null,
  home_score: null,
  away_score: null,
  ...NO_STAGES,
  first_leg_id: null,
  first_leg_home_score: null,
  first_leg_away_score: null,
};
const row = (over: Partial<ScoreRow>): ScoreRow => ({ ...ROW, ...over });
const decided = (over: Partial<ScoreRow>) => {
  const o = matchOutcome(row(over));
  return [o.winner, o.decided_by];
};

describe('representation: the score breakdown', () => {
  it('90 minutes: the score decides, a level one is a draw', () => {
    assert.deepEqual(decided({ home_score: 0, away_score: 0, ft_home: 0, ft_away: 0 }), [
      'draw',
      'regular_time',
    ]);
    assert.deepEqual(decided({ home_score: 2, away_score: 1, ft_home: 2, ft_away: 1 }), [
      'home',
      'regular_time',
    ]);
  });

  it('extra time: cumulative, the result after it', () => {
    const o = matchOutcome(
      row({ home_score: 0, away_score: 1, ft_home: 0, ft_away: 0, et_home: 0, et_away: 1 }),
    );
    assert.deepEqual(
      [o.winner, o.decided_by, o.score.extra_time],
      ['away', 'extra_time', { home: 0, away: 1 }],
    );
  });

  it('a shoot-out: its winner, even after a second leg that was not level; a winner known without its score', () => {
    const fields = { home_score: 1, away_score: 2, ft_home: 1, ft_away: 2, et_home: 1, et_away: 2 };
    assert.deepEqual(decided({ ...fields, pen_home: 3, pen_away: 2, shootout_winner: 'home' }), [
      'home',
      'penalties',
    ]);
    const winnerOnly = matchOutcome(row({ home_score: 1, away_score: 1, shootout_winner: 'away' }));
    assert.deepEqual(
      [winnerOnly.winner, winnerOnly.decided_by, winnerOnly.score.penalties],
      ['away', 'penalties', null],
    );
  });

  it('awarded: decided off the pitch, the winner by the awarded score', () => {
    assert.deepEqual(
      decided({ source_status: 'awarded', home_score: 0, away_score: 3, ft_home: 0, ft_away: 3 }),
      ['away', 'awarded'],
    );
  });

  it('a final score alone: the winner, but not what decided it', () => {
    assert.deepEqual(decided({ home_score: 2, away_score: 1 }), ['home', null]);
  });

  it('not finished: no winner, no decision, whatever stages are known', () => {
    const o = matchOutcome(row({ status: 'live', home_score: 1, away_score: 0, ht_home: 1, ht_away: 0 }));
    assert.deepEqual([o.winner, o.decided_by, o.score.half_time], [null, null, { home: 1, away: 0 }]);
  });

  it("a second leg's aggregate: each side over both legs, once both have a score", () => {
    const second = { first_leg_id: 'match_a', first_leg_home_score: 2, first_leg_away_score: 0 };
    assert.deepEqual(matchOutcome(row({ ...second, home_score: 3, away_score: 1 })).aggregate, {
      home: 3,
      away: 3,
      first_leg_id: 'match_a',
    });
    assert.equal(matchOutcome(row({ ...second, status: 'scheduled' })).aggregate, null);
  });
});
