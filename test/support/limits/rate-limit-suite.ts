// The per-minute limit, checked the same way on each store: exactly N successes whatever the
// concurrency, headers that count down to the 429, and success again once Retry-After has passed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { billingPeriod } from '../../../src/limits/billing-period.js';
import { assertRefused, get, inject, limits, statuses, type Answer, type Limits } from './answers.js';
import { limitsEnv, PLANS, type StoreKind } from './limits-env.js';

const TINY = PLANS.find((p) => p.name === 'tiny')!; // 3 per minute
const thisPeriod = () => billingPeriod(new Date(), null).start;

/** The answers of a burst: N successes showing N-1 … 0 remaining, every other one a rate 429. */
function assertBurst(answers: Answer[], n: number): void {
  assert.deepEqual(statuses(answers), { 200: n, 429: answers.length - n });
  const ok = answers.filter((a) => a.status === 200).map(limits);
  assert.deepEqual(ok.map((l) => l.rateRemaining).sort(), [...Array(n).keys()]);
  for (const refused of answers.filter((a) => a.status === 429)) {
    assertRefused(refused, 'rate', n);
    assert.equal(limits(refused).rateRemaining, 0);
    assert.equal(limits(refused).rateLimit, n);
  }
}

export function rateLimitSuite(kind: StoreKind): void {
  test(`${kind}: N sequential successes, then a 429 agreeing with their headers`, async (t) => {
    const env = await limitsEnv(t, kind);
    const { app, store } = await env.start();
    const k = await env.key('tiny');
    const seen: Limits[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await inject(app, k.auth);
      assert.equal(answer.status, 200, `request ${i + 1}`);
      assert.equal(answer.header('retry-after'), undefined);
      seen.push(limits(answer));
    }
    assert.deepEqual(
      seen.map((l) => [l.rateLimit, l.rateRemaining, l.quotaLimit, l.quotaRemaining]),
      [
        [3, 2, 1000, 999],
        [3, 1, 1000, 998],
        [3, 0, 1000, 997],
      ],
    );
    for (let i = 0; i < 2; i += 1) {
      const refused = await inject(app, k.auth);
      const retryAfter = assertRefused(refused, 'rate', 3);
      assert.ok(retryAfter >= 59 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      const last = seen[2]!;
      const now = limits(refused);
      // Same limits, nothing left in the window, and the refusal took nothing from the quota.
      assert.deepEqual({ ...now, quotaReset: 0 }, { ...last, quotaReset: 0 });
      assert.ok(Math.abs(now.quotaReset - last.quotaReset) <= 1);
    }
    assert.equal(await store.usage(k.id, thisPeriod()), 3);
  });

  test(`${kind}: 50 requests at once through app.inject get exactly N successes`, async (t) => {
    const env = await limitsEnv(t, kind);
    const { app, store } = await env.start();
    const k = await env.key('five');
    assertBurst(await Promise.all(Array.from({ length: 50 }, () => inject(app, k.auth))), 5);
    assert.equal(await store.usage(k.id, thisPeriod()), 5);
  });

  test(`${kind}: 50 requests at once over real HTTP get exactly N successes`, async (t) => {
    const env = await limitsEnv(t, kind);
    const running = await env.start();
    const base = await running.listen();
    const k = await env.key('five');
    assertBurst(await Promise.all(Array.from({ length: 50 }, () => get(base, k.auth))), 5);
    assert.equal(await running.store.usage(k.id, thisPeriod()), 5);
  });

  test(`${kind}: the store accepts again once Retry-After has passed`, async (t) => {
    const env = await limitsEnv(t, kind);
    const store = await env.store();
    const k = await env.key('tiny');
    const t0 = Date.UTC(2031, 4, 10, 12, 0, 0);
    const period = billingPeriod(new Date(t0), null);
    const consume = (now: number) => store.consume({ keyId: k.id, plan: TINY, period, now });
    for (let i = 0; i < 3; i += 1) assert.equal((await consume(t0 + i * 1000)).allowed, true);

    const refused = await consume(t0 + 5000);
    assert.equal(refused.exceeded, 'rate');
    assert.equal(refused.retryAfterSeconds, 55); // the oldest (t0) leaves the window at t0 + 60 s
    const retryAt = t0 + 5000 + refused.retryAfterSeconds * 1000;
    assert.equal((await consume(retryAt - 1)).allowed, false, 'one millisecond early is still refused');
    const again = await consume(retryAt);
    assert.equal(again.allowed, true);
    assert.equal(again.rateRemaining, 0);
    // The window now starts at t0 + 1 s, so the next slot frees one second later.
    assert.equal((await consume(retryAt)).retryAfterSeconds, 1);
    assert.equal(await store.usage(k.id, period.start), 4);
  });

  test(`${kind}: X-RateLimit-Reset counts down to when the oldest request leaves the window`, async (t) => {
    const env = await limitsEnv(t, kind);
    const store = await env.store();
    const k = await env.key('tiny');
    const t0 = Date.UTC(2031, 4, 11, 12, 0, 0);
    const period = billingPeriod(new Date(t0), null);
    const consume = (now: number) => store.consume({ keyId: k.id, plan: TINY, period, now });
    assert.equal((await consume(t0)).rateResetSeconds, 60);
    assert.equal((await consume(t0 + 15_000)).rateResetSeconds, 45, 'the oldest came at t0');
    // At t0 + 61 s the first has left: the oldest is the one of t0 + 15 s.
    assert.equal((await consume(t0 + 61_000)).rateResetSeconds, 14);
    const refused = await consume(t0 + 62_000);
    assert.equal(refused.allowed, true, 'three in the window: t0 + 15 s, + 61 s, + 62 s');
    const full = await consume(t0 + 63_000);
    assert.equal(full.exceeded, 'rate');
    assert.equal(full.rateResetSeconds, full.retryAfterSeconds, 'a refusal resets when it may retry');
  });

  test(`${kind}: every counted answer carries X-RateLimit-Reset`, async (t) => {
    const env = await limitsEnv(t, kind);
    const { app } = await env.start();
    const k = await env.key('tiny');
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    assert.equal((await inject(app, k.auth)).header('x-ratelimit-reset'), '60');
    t.mock.timers.tick(20_000);
    assert.equal((await inject(app, k.auth)).header('x-ratelimit-reset'), '40');
  });

  test(`${kind}: over HTTP, the key succeeds again after Retry-After seconds`, async (t) => {
    const env = await limitsEnv(t, kind);
    const { app } = await env.start();
    const k = await env.key('tiny');
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    for (let i = 0; i < 3; i += 1) assert.equal((await inject(app, k.auth)).status, 200);
    const retryAfter = assertRefused(await inject(app, k.auth), 'rate', 3);
    assert.equal(retryAfter, 60);
    t.mock.timers.tick((retryAfter - 1) * 1000);
    assert.equal(assertRefused(await inject(app, k.auth), 'rate', 3), 1);
    t.mock.timers.tick(1000);
    const back = await inject(app, k.auth);
    assert.equal(back.status, 200);
    assert.deepEqual([limits(back).rateRemaining, limits(back).quotaRemaining], [2, 996]);
  });
}
