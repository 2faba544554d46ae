// Corrections of openfootball scores (data/corrections/openfootball-scores.json): applied only while the
// file still gives the score they correct, each noted in the run, other matches left as they are.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RawMatch } from '../../../src/ingest/openfootball/match-record.js';
import {
  correctScores,
  SCORE_CORRECTIONS,
  type ScoreCorrection,
} from '../../../src/ingest/openfootball/score-corrections.js';
import { scoreProblem } from '../../../src/ingest/score-check.js';

const raw = (team1: string, team2: string, p: [number, number] | null): RawMatch => ({
  round: 'Finals, Round of 16',
  stage: null,
  date: '2025-03-11',
  time: '21:00',
  team1,
  team2,
  score: { ht: [0, 1], ft: [0, 1], et: [0, 1], p },
  status: null,
});

const correction: ScoreCorrection = {
  file: '2024-25/uefa.cl.json',
  date: '2025-03-11',
  team1: 'Home FC',
  team2: 'Away FC',
  stage: 'p',
  was: [4, 4],
  is: [1, 4],
  reason: 'level shoot-out',
  reference: 'https://example.org/report',
};

describe('openfootball score corrections', () => {
  it('replaces the stage it names while the file gives the wrong score, and notes it', () => {
    const other = raw('Other FC', 'Away FC', [4, 4]);
    const { matches, notes } = correctScores(
      '2024-25/uefa.cl.json',
      [raw('Home FC', 'Away FC', [4, 4]), other, null],
      [correction],
    );
    assert.deepEqual(matches[0]!.score.p, [1, 4]);
    assert.deepEqual(matches[0]!.score.et, [0, 1]);
    assert.equal(matches[1], other, 'another match is the same object');
    assert.equal(matches[2], null);
    assert.deepEqual(notes, [
      '2024-25/uefa.cl.json: 2025-03-11 Home FC v Away FC: p 4-4 corrected to 1-4 (https://example.org/report)',
    ]);
  });

  it("keeps the file's score once the file changed it, and says the correction no longer applies", () => {
    const fixed = raw('Home FC', 'Away FC', [2, 4]);
    const { matches, notes } = correctScores('2024-25/uefa.cl.json', [fixed], [correction]);
    assert.equal(matches[0], fixed);
    assert.match(notes[0]!, /no longer applies/);
    const gone = correctScores('2024-25/uefa.cl.json', [], [correction]);
    assert.match(gone.notes[0]!, /no longer applies/);
  });

  it('applies to its own file only', () => {
    const match = raw('Home FC', 'Away FC', [4, 4]);
    const { matches, notes } = correctScores('2023-24/uefa.cl.json', [match], [correction]);
    assert.equal(matches[0], match);
    assert.deepEqual(notes, []);
  });

  it('every curated correction gives a score the score check accepts', () => {
    assert.ok(SCORE_CORRECTIONS.length > 0);
    for (const c of SCORE_CORRECTIONS) {
      const stages = { ht: null, ft: null, et: null, p: null, final: null, [c.stage]: [...c.is] };
      assert.equal(scoreProblem(stages, { over: true, aggregate: [1, 1] }), null, `${c.date} ${c.team1}`);
      assert.notDeepEqual([...c.was], [...c.is], `${c.date} ${c.team1} corrects something`);
    }
  });
});
