// The ordered-logit draw model (src/ratings/outcome-model.ts): probabilities that sum to 1 and move the
// right way with the rating difference, and a fit that recovers the parameters of data it generated.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  fitOutcomeModel,
  outcomeProbabilities,
  roundedProbabilities,
  type FitSample,
  type OutcomeModel,
} from '../../../src/ratings/outcome-model.js';
import { CLUB_RULES, NATIONAL_RULES } from '../../../src/ratings/rating-rules.js';
import { seededRandom } from '../../support/seeded-random.js';

const MODEL: OutcomeModel = { kind: 'ordered-logit', slope: 2, awayCut: -0.8, drawCut: 0.4 };

describe('outcome model', () => {
  it('gives probabilities that sum to 1, home win rising and away win falling with the difference', () => {
    let previous = outcomeProbabilities(-800, MODEL);
    for (let d = -700; d <= 800; d += 100) {
      const p = outcomeProbabilities(d, MODEL);
      assert.ok(Math.abs(p.home_win + p.draw + p.away_win - 1) < 1e-12);
      assert.ok(p.home_win > previous.home_win && p.away_win < previous.away_win, `at ${d}`);
      assert.ok(p.draw > 0);
      previous = p;
    }
    // Draws are likeliest between equals (the cuts straddle zero here).
    const even = outcomeProbabilities(-100, MODEL).draw;
    assert.ok(even > outcomeProbabilities(600, MODEL).draw);
  });

  it('rounds to four places still summing to exactly 1', () => {
    for (const d of [-333, -1, 0, 57, 912]) {
      const r = roundedProbabilities(outcomeProbabilities(d, MODEL));
      assert.equal(Math.round((r.home_win + r.draw + r.away_win) * 10000), 10000);
    }
  });

  it('fits back the parameters of 20,000 results drawn from a known model', () => {
    const random = seededRandom(7);
    const samples: FitSample[] = [];
    for (let i = 0; i < 20000; i++) {
      const difference = (random() - 0.5) * 1200;
      const p = outcomeProbabilities(difference, MODEL);
      const u = random();
      samples.push({
        difference,
        outcome: u < p.away_win ? 'away' : u < p.away_win + p.draw ? 'draw' : 'home',
      });
    }
    const fitted = fitOutcomeModel(samples);
    assert.ok(Math.abs(fitted.slope - 2) < 0.1, JSON.stringify(fitted));
    assert.ok(Math.abs(fitted.awayCut + 0.8) < 0.05, JSON.stringify(fitted));
    assert.ok(Math.abs(fitted.drawCut - 0.4) < 0.05, JSON.stringify(fitted));
    assert.ok(fitted.awayCut < fitted.drawCut);
  });

  it('ships fitted models whose cuts are ordered', () => {
    for (const rules of [NATIONAL_RULES, CLUB_RULES]) {
      assert.ok(rules.outcome.awayCut < rules.outcome.drawCut);
      assert.ok(rules.outcome.slope > 0);
    }
  });
});
