import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scoreProblem, type StagedScore } from '../../../src/ingest/score-check.js';
import { aggregateOf, secondLegs, type LegCandidate } from '../../../src/ingest/two-legged-ties.js';

const staged = (over: Partial<StagedScore>): StagedScore => ({
  ht: null,
  ft: null,
  et: null,
  p: null,
  final: null,
  ...over,
});
const over = { over: true };

describe('ingestion: the scores that cannot be', () => {
  it('accepts the shapes the sources use', () => {
    assert.equal(scoreProblem(staged({ ht: [0, 2], ft: [0, 3], final: [0, 3] }), over), null);
    assert.equal(scoreProblem(staged({ ft: [2, 2], et: [3, 3], p: [4, 2], final: [3, 3] }), over), null);
    // Penalties straight after 90 minutes (Liga MX play-ins).
    assert.equal(scoreProblem(staged({ ft: [2, 2], p: [2, 4], final: [2, 2] }), over), null);
    // A shoot-out still being taken stands level.
    assert.equal(
      scoreProblem(staged({ ft: [1, 1], et: [1, 1], p: [3, 3], final: [1, 1] }), { over: false }),
      null,
    );
  });

  it('rejects each impossible score with its reason', () => {
    const cases: Array<[Partial<StagedScore>, string]> = [
      [{ ft: [-1, 0], final: [-1, 0] }, 'ft -1-0 has a negative number'],
      [
        { ht: [2, 0], ft: [1, 0], final: [1, 0] },
        'half-time score 2-0 is above the score after 90 minutes 1-0',
      ],
      [
        { ft: [2, 0], et: [1, 0], final: [1, 0] },
        'extra-time score 1-0 is below the score after 90 minutes 2-0 (it counts them)',
      ],
      [
        { ft: [1, 1], et: [1, 1], p: [4, 4], final: [1, 1] },
        'shoot-out 4-4 is level: a shoot-out has a winner',
      ],
      [
        { ft: [1, 0], et: [1, 0], p: [4, 3], final: [1, 0] },
        'shoot-out 4-3 after a match not level after extra time (1-0)',
      ],
    ];
    for (const [score, reason] of cases) assert.equal(scoreProblem(staged(score), over), reason);
  });

  it('allows a shoot-out after a second leg that was not level only when the tie was', () => {
    const second = staged({ ft: [1, 0], et: [1, 0], p: [4, 3], final: [1, 0] });
    assert.equal(scoreProblem(second, { over: true, aggregate: [1, 1] }), null);
    assert.equal(
      scoreProblem(second, { over: true, aggregate: [2, 1] }),
      'shoot-out 4-3 after a match not level after extra time (1-0), nor its tie on aggregate (2-1)',
    );
  });
});

describe('ingestion: two-legged ties', () => {
  const m = (round: string, home: string, away: string, day: number): LegCandidate => ({
    round,
    home,
    away,
    starts_at: `2024-02-${String(day).padStart(2, '0')}T20:00:00Z`,
  });

  it('pairs the only two matches of a round between two sides, swapped, the later the second leg', () => {
    const legs = secondLegs([
      m('R16', 'A', 'B', 10),
      m('R16', 'C', 'D', 10),
      m('R16', 'B', 'A', 17),
      m('R16', 'D', 'C', 18),
    ]);
    assert.deepEqual([...legs].sort(), [
      [2, 0],
      [3, 1],
    ]);
  });

  it("keeps a group's home-and-away fixtures and a single final from passing for ties", () => {
    // A group: each side plays another before meeting again.
    const group = [m('G', 'A', 'B', 1), m('G', 'C', 'A', 8), m('G', 'B', 'A', 15), m('G', 'B', 'C', 1)];
    assert.equal(secondLegs(group).size, 0);
    // A stage whose semi-final legs come before its final (the Championship's play-offs).
    const playoffs = [
      m('P', 'A', 'B', 1),
      m('P', 'B', 'A', 4),
      m('P', 'C', 'D', 2),
      m('P', 'D', 'C', 5),
      m('P', 'B', 'D', 20),
    ];
    assert.deepEqual([...secondLegs(playoffs)].sort(), [
      [1, 0],
      [3, 2],
    ]);
    // A replay on the same ground is no tie.
    assert.equal(secondLegs([m('R3', 'A', 'B', 6), m('R3', 'A', 'B', 17)]).size, 0);
  });

  it("adds the legs up for the second leg's sides", () => {
    assert.deepEqual(aggregateOf({ home_score: 1, away_score: 0 }, { home_score: 1, away_score: 0 }), [1, 1]);
    assert.equal(aggregateOf({ home_score: null, away_score: null }, { home_score: 1, away_score: 0 }), null);
  });
});
