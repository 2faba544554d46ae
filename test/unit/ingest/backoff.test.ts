import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backoffDelay } from '../../../src/ingest/backoff.js';

const BACKOFF = { baseMs: 1000, capMs: 8000 };

test('the delay doubles per failure up to the cap', () => {
  const none = () => 0;
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6, 100].map((n) => backoffDelay(n, BACKOFF, none)),
    [1000, 2000, 4000, 8000, 8000, 8000, 8000],
  );
  assert.equal(backoffDelay(0, BACKOFF, none), 1000, 'no failure counts as the first');
  assert.equal(backoffDelay(5000, BACKOFF, none), 8000, 'huge counts stay at the cap');
});

test('jitter takes up to a fifth off, never more, and delays still grow until the cap', () => {
  const most = () => 0.999_999;
  assert.deepEqual(
    [1, 2, 3, 4, 5].map((n) => backoffDelay(n, BACKOFF, most)),
    [800, 1600, 3200, 6400, 6400],
  );
  let seed = 7;
  const random = () => {
    seed = (seed * 16_807) % 2_147_483_647;
    return (seed - 1) / 2_147_483_646;
  };
  const drawn = new Set<number>();
  for (let i = 0; i < 200; i += 1) {
    for (let n = 1; n <= 6; n += 1) {
      const full = Math.min(8000, 1000 * 2 ** (n - 1));
      const delay = backoffDelay(n, BACKOFF, random);
      assert.ok(
        delay <= full && delay >= full * 0.8,
        `failure ${n}: ${delay} within [${full * 0.8}, ${full}]`,
      );
      if (n < 4) assert.ok(delay < backoffDelay(n + 1, BACKOFF, random), 'grows while under the cap');
      if (n === 6) drawn.add(delay);
    }
  }
  assert.ok(drawn.size > 50, 'at the cap, delays are spread, not one value');
  assert.equal(backoffDelay(3, { ...BACKOFF, jitter: 0 }, random), 4000, 'jitter 0: exact');
});
