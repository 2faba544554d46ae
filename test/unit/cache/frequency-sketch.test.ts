import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FrequencySketch } from '../../../src/cache/frequency-sketch.js';
import { seededRandom } from '../../support/seeded-random.js';

test('an estimate is never below the true count (up to the cap), and rarely far above it (property)', () => {
  const random = seededRandom(20261124);
  const sketch = new FrequencySketch(10_000, 20261124);
  const truth = new Map<string, number>();
  // Fewer recordings than the halving period: every count is still whole.
  for (let i = 0; i < 5000; i += 1) {
    const key = `v1 /matches/${Math.floor(random() * 2000)}`;
    sketch.record(key);
    truth.set(key, (truth.get(key) ?? 0) + 1);
  }
  let far = 0;
  for (const [key, count] of truth) {
    const estimate = sketch.frequency(key);
    assert.ok(estimate >= Math.min(count, 15), `${key}: ${estimate} < ${count}`);
    if (estimate > count + 2) far += 1;
  }
  assert.ok(far < truth.size / 20, `${far} of ${truth.size} estimates more than 2 above the truth`);
  assert.equal(sketch.frequency('never recorded'), 0);
});

test('counts stop at 15, and halve every `sample` recordings that counted', () => {
  // Seeded, so that no cold key below can share all four of hot's full counters (its recording would then
  // not count toward the sample); with a drawn seed that is about one run in 30 million.
  const sketch = new FrequencySketch(160, 7);
  for (let i = 0; i < 40; i += 1) sketch.record('hot');
  assert.equal(sketch.frequency('hot'), 15);
  // Recordings of a key whose counters are all full do not count toward the sample: 15 did.
  for (let i = 0; i < 144; i += 1) sketch.record(`cold ${i}`);
  assert.equal(sketch.frequency('hot'), 15);
  sketch.record('cold last');
  assert.equal(sketch.frequency('hot'), 7, 'halved, rounded down');
});

test('a key is counted from `from` on: its version prefix does not matter', () => {
  const sketch = new FrequencySketch(100, 7);
  sketch.record('12-1 /matches/a', 5);
  sketch.record('13-2 /matches/a', 5);
  assert.equal(sketch.frequency('99-9 /matches/a', 5), 2);
  assert.equal(sketch.frequency('/matches/a'), 2);
});

test('the rows pick their counters independently: a key never asked seldom reads as asked', () => {
  // 256 counters a row: a key shares one row's counter with another one time in 256 and all four rows'
  // about one in four billion. Were the rows stepped through by a stride from the hash, sharing the
  // first counter and the stride would be sharing all four: one key in 32,768 (six of these 200,000),
  // and such a key would look as hot as the one it collides with.
  const sketch = new FrequencySketch(30, 20261129);
  for (let i = 0; i < 3; i += 1) sketch.record('1 hot');
  let shared = 0;
  for (let i = 0; i < 200_000; i += 1) if (sketch.frequency(`1 cold ${i}`) > 0) shared += 1;
  assert.equal(shared, 0, `${shared} of 200,000 keys never asked read as asked`);
});
