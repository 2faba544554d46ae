import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judgeStages, type StoredStages } from '../../../src/live/stage-rules.js';
import { NO_STAGES } from '../../../src/representation/match-score.js';

const NONE: StoredStages = { ...NO_STAGES };
const live = (home: number, away: number) => ({ status: 'live', home_score: home, away_score: away });

describe('live: the score breakdown rules', () => {
  it('sets the stages reached, the shoot-out kick by kick, and its winner from its score', () => {
    const ht = judgeStages(
      { ...NONE, ...live(1, 0) },
      { half_time: { home: 1, away: 0 } },
      live(1, 0),
      null,
      false,
    );
    assert.ok(ht.ok);
    assert.deepEqual([ht.next.ht_home, ht.next.ht_away], [1, 0]);
    const level = { ...NONE, et_home: 3, et_away: 3, ft_home: 2, ft_away: 2, ...live(3, 3) };
    const kick = judgeStages(level, { penalties: { home: 2, away: 2 } }, live(3, 3), null, false);
    assert.ok(kick.ok, 'a shoot-out level part-way');
    const end = judgeStages(
      { ...kick.next, ...live(3, 3) },
      { penalties: { home: 4, away: 2 } },
      { ...live(3, 3), status: 'finished' },
      null,
      false,
    );
    assert.ok(end.ok);
    assert.equal(end.next.shootout_winner, 'home');
  });

  it('refuses what cannot be, correction or not', () => {
    const judged = judgeStages(
      { ...NONE, ...live(1, 0) },
      { penalties: { home: 4, away: 3 } },
      live(1, 0),
      null,
      true,
    );
    assert.deepEqual(judged, {
      ok: false,
      reason: 'score_breakdown: shoot-out 4-3 after a match not level after extra time (1-0)',
    });
    // The second leg of a tie level on aggregate may go to penalties.
    assert.ok(
      judgeStages({ ...NONE, ...live(1, 0) }, { penalties: { home: 4, away: 3 } }, live(1, 0), [1, 1], false)
        .ok,
    );
  });

  it('asks a correction for a shoot-out going back, or a finished match changing', () => {
    const taken = { ...NONE, pen_home: 3, pen_away: 2, ...live(1, 1) };
    const back = judgeStages(taken, { penalties: { home: 2, away: 2 } }, live(1, 1), null, false);
    assert.deepEqual(back, {
      ok: false,
      reason:
        'the shoot-out score would go backwards (3-2 -> 2-2); send it with "correction": true if it is one',
    });
    const finished = { ...NONE, ft_home: 1, ft_away: 0, status: 'finished', home_score: 1, away_score: 0 };
    const after = { status: 'finished', home_score: 1, away_score: 0 };
    assert.equal(judgeStages(finished, { half_time: { home: 1, away: 0 } }, after, null, false).ok, false);
    const corrected = judgeStages(finished, { half_time: { home: 1, away: 0 } }, after, null, true);
    assert.ok(corrected.ok);
    assert.deepEqual(corrected.corrected, ['the score breakdown of a finished match would change']);
  });

  it('clears the stages of a match put back to scheduled, a winner given without a score kept', () => {
    const played = {
      ...NONE,
      ft_home: 1,
      ft_away: 1,
      shootout_winner: 'away',
      status: 'finished',
      home_score: 1,
      away_score: 1,
    };
    const reset = judgeStages(
      played,
      undefined,
      { status: 'scheduled', home_score: 0, away_score: 0 },
      null,
      true,
    );
    assert.ok(reset.ok);
    assert.deepEqual(reset.next, { ...NONE, shootout_winner: 'away' });
  });
});
