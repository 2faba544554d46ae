// A live match's score breakdown (score_breakdown in the live format), on the engine under test: the stages
// sent as they are reached, a shoot-out kick by kick, the match's winner and decision from them in the API
// and in the stream's state, and what cannot be refused with its reason.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { applyMatchUpdate } from '../../../src/live/apply-update.js';
import type { Verdict } from '../../../src/live/verdict.js';
import { API } from '../../support/api-contract.js';
import { buildTestApp, type TestApp } from '../../support/build-app.js';

const NOW = new Date('2024-05-19T15:00:00.000Z');

describe('live: the score breakdown', () => {
  let built: TestApp;
  let id: string;
  let sequence = 0;
  const hooks: Array<() => Promise<void>> = [];

  before(async () => {
    built = await buildTestApp({ after: (fn) => void hooks.push(fn as () => Promise<void>) });
    id = built.ids.matches.scheduled;
  });
  after(async () => {
    for (const hook of hooks.reverse()) await hook();
  });

  const send = (body: Record<string, unknown>) =>
    applyMatchUpdate(
      built.storage,
      { update_id: `u${++sequence}`, match: id, sequence, ...body },
      'test',
      NOW,
    );
  const applied = async (body: Record<string, unknown>) => {
    const verdict = await send(body);
    assert.equal(verdict.outcome, 'applied', JSON.stringify(verdict));
    return verdict as Extract<Verdict, { outcome: 'applied' }>;
  };
  const shown = async () => {
    built.cache.clear();
    const res = await built.app.inject({ url: `${API}/football/matches/${id}`, headers: built.auth() });
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as { data: Record<string, unknown> }).data;
  };

  it('plays a match to a shoot-out: the stages as reached, the winner on penalties', async () => {
    await applied({ status: 'live' });
    await applied({ score: { home: 1, away: 0 } });
    await applied({ score_breakdown: { half_time: { home: 1, away: 0 } } });
    await applied({ score: { home: 1, away: 1 } });
    await applied({ score_breakdown: { full_time: { home: 1, away: 1 } } });
    const et = await applied({ score_breakdown: { extra_time: { home: 1, away: 1 } } });
    assert.deepEqual(et.changes.score_breakdown?.to.extra_time, { home: 1, away: 1 });
    assert.deepEqual((await shown()).decided_by, null, 'not finished: nothing decided yet');
    for (const [home, away] of [
      [1, 0],
      [1, 1],
      [2, 1],
    ])
      await applied({ score_breakdown: { penalties: { home, away } } });
    const back = await send({ score_breakdown: { penalties: { home: 1, away: 1 } } });
    assert.equal(back.outcome, 'rejected');
    const ft = await applied({ status: 'finished', score_breakdown: { penalties: { home: 4, away: 2 } } });
    assert.deepEqual(
      [ft.changes.state.winner, ft.changes.state.decided_by, ft.changes.state.score.penalties],
      ['home', 'penalties', { home: 4, away: 2 }],
    );
    const match = await shown();
    assert.deepEqual(
      [match.home_team, match.away_team].map((side) => (side as { score: number }).score),
      [1, 1],
    );
    assert.deepEqual(match.score, {
      half_time: { home: 1, away: 0 },
      full_time: { home: 1, away: 1 },
      extra_time: { home: 1, away: 1 },
      penalties: { home: 4, away: 2 },
    });
    assert.deepEqual([match.winner, match.decided_by], ['home', 'penalties']);
  });

  it('refuses what cannot be, even as a correction, with the reason', async () => {
    const verdict = await send({
      score: { home: 2, away: 1 },
      score_breakdown: { penalties: { home: 4, away: 2 } },
      correction: true,
    });
    assert.equal(verdict.outcome, 'rejected');
    assert.equal(
      (verdict as Extract<Verdict, { outcome: 'rejected' }>).reason,
      'score_breakdown: shoot-out 4-2 after a match not level after extra time (2-1)',
    );
    const negative = await send({ score_breakdown: { half_time: { home: -1, away: 0 } } });
    assert.equal(negative.outcome, 'rejected');
  });
});
