// billingPeriod: calendar months in UTC by default, or months from an anchor day (1-28); and the
// X-Quota-Reset header a key on each kind of period gets.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { billingPeriod } from '../../../src/limits/billing-period.js';
import { inject, limits } from '../../support/limits/answers.js';
import { limitsEnv } from '../../support/limits/limits-env.js';

/** The period containing `now`, as [start, end) ISO strings. */
function period(now: string, anchor: number | null = null): [string, string] {
  const p = billingPeriod(new Date(now), anchor);
  return [p.start.toISOString(), p.end.toISOString()];
}

const at = (day: string) => `${day}T00:00:00.000Z`;

test('calendar months in UTC by default', () => {
  assert.deepEqual(period('2024-03-15T10:20:30Z'), [at('2024-03-01'), at('2024-04-01')]);
  assert.deepEqual(period('2024-03-01T00:00:00.000Z'), [at('2024-03-01'), at('2024-04-01')]);
  assert.deepEqual(period('2024-03-31T23:59:59.999Z'), [at('2024-03-01'), at('2024-04-01')]);
  assert.deepEqual(period('2024-04-01T00:00:00.000Z'), [at('2024-04-01'), at('2024-05-01')]);
  assert.deepEqual(period('2023-02-10T12:00:00Z'), [at('2023-02-01'), at('2023-03-01')]);
  assert.deepEqual(period('2024-02-29T12:00:00Z'), [at('2024-02-01'), at('2024-03-01')]);
  // UTC, whatever the offset the moment is written with.
  assert.deepEqual(period('2024-03-31T23:30:00-02:00'), [at('2024-04-01'), at('2024-05-01')]);
  assert.deepEqual(period('2024-04-01T01:30:00+02:00'), [at('2024-03-01'), at('2024-04-01')]);
  // Anchor day 1 is the calendar month.
  assert.deepEqual(period('2024-03-15T10:00:00Z', 1), period('2024-03-15T10:00:00Z'));
});

test('December to January', () => {
  assert.deepEqual(period('2024-12-31T23:59:59.999Z'), [at('2024-12-01'), at('2025-01-01')]);
  assert.deepEqual(period('2025-01-01T00:00:00.000Z'), [at('2025-01-01'), at('2025-02-01')]);
  assert.deepEqual(period('2024-12-20T00:00:00Z', 15), [at('2024-12-15'), at('2025-01-15')]);
  assert.deepEqual(period('2025-01-10T00:00:00Z', 15), [at('2024-12-15'), at('2025-01-15')]);
  assert.deepEqual(period('2025-01-15T00:00:00Z', 15), [at('2025-01-15'), at('2025-02-15')]);
});

test('an anchor day starts the period at 00:00 UTC that day', () => {
  assert.deepEqual(period('2024-03-20T08:00:00Z', 15), [at('2024-03-15'), at('2024-04-15')]);
  assert.deepEqual(period('2024-03-15T00:00:00.000Z', 15), [at('2024-03-15'), at('2024-04-15')]);
  assert.deepEqual(period('2024-03-14T23:59:59.999Z', 15), [at('2024-02-15'), at('2024-03-15')]);
  assert.deepEqual(period('2024-03-01T00:00:00Z', 15), [at('2024-02-15'), at('2024-03-15')]);
});

test('anchor day 28 around February', () => {
  assert.deepEqual(period('2023-02-27T12:00:00Z', 28), [at('2023-01-28'), at('2023-02-28')]);
  assert.deepEqual(period('2023-02-28T00:00:00Z', 28), [at('2023-02-28'), at('2023-03-28')]);
  assert.deepEqual(period('2023-03-01T00:00:00Z', 28), [at('2023-02-28'), at('2023-03-28')]);
  assert.deepEqual(period('2024-02-29T12:00:00Z', 28), [at('2024-02-28'), at('2024-03-28')]);
  assert.deepEqual(period('2024-12-31T12:00:00Z', 28), [at('2024-12-28'), at('2025-01-28')]);
  assert.deepEqual(period('2025-01-05T12:00:00Z', 28), [at('2024-12-28'), at('2025-01-28')]);
});

test('consecutive periods tile time: each ends where the next starts', () => {
  for (const anchor of [null, 1, 15, 28]) {
    let p = billingPeriod(new Date('2023-11-20T00:00:00Z'), anchor);
    for (let i = 0; i < 15; i += 1) {
      const next = billingPeriod(p.end, anchor);
      assert.equal(next.start.getTime(), p.end.getTime(), `anchor ${anchor}, period ${i}`);
      assert.deepEqual(billingPeriod(new Date(p.end.getTime() - 1), anchor), p);
      p = next;
    }
  }
});

test('X-Quota-Reset counts the seconds to the end of the key’s own period', async (t) => {
  const env = await limitsEnv(t, 'memory');
  const { app } = await env.start();
  const calendar = await env.key('tiny');
  const anchored = await env.key('tiny', { billing_anchor_day: 15 });
  t.mock.timers.enable({ apis: ['Date'], now: Date.parse('2031-02-10T00:00:00Z') });
  const reset = async (auth: Record<string, string>) => limits(await inject(app, auth)).quotaReset;
  assert.equal(await reset(calendar.auth), 19 * 86_400); // to 1 March
  assert.equal(await reset(anchored.auth), 5 * 86_400); // to 15 February
  t.mock.timers.tick(5 * 86_400_000 + 1000); // 15 February 00:00:01: the anchored key is in a new period
  const fresh = limits(await inject(app, anchored.auth));
  assert.deepEqual([fresh.quotaRemaining, fresh.quotaReset], [999, 28 * 86_400 - 1]);
});
