// Window-only requests (usage checks and 304s), checked the same way on each store: counted in the
// per-minute window exactly as other requests are, neither refused for the quota nor added to it, kept
// across a restart as the minute is; and over HTTP, /account and a 304 leave X-Quota-Remaining as it was.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { billingPeriod } from '../../../src/limits/billing-period.js';
import type { LimitRequest } from '../../../src/limits/limit-store.js';
import { assertRefused, inject, limits, ROUTE, type Answer } from './answers.js';
import { limitsEnv, PLANS, type StoreKind } from './limits-env.js';

const plan = (name: string) => PLANS.find((p) => p.name === name)!;
const TINY = plan('tiny'); // 3 per minute
const FIVE = plan('five'); // 5 per minute
const METERED = plan('metered'); // 6 per period

/** The headers of an answer as an /account body reports them. */
function reported(answer: Answer) {
  const l = limits(answer);
  return {
    rate: { limit: l.rateLimit, remaining: l.rateRemaining },
    quota: { limit: l.quotaLimit, remaining: l.quotaRemaining, reset: l.quotaReset },
  };
}

export function windowOnlySuite(kind: StoreKind): void {
  test(`${kind}: a window-only request counts in the minute, not in the quota`, async (t) => {
    const env = await limitsEnv(t, kind);
    const store = await env.store();
    const k = await env.key('tiny');
    const t0 = Date.UTC(2031, 4, 10, 12, 0, 0);
    const period = billingPeriod(new Date(t0), null);
    const at = (now: number, windowOnly: boolean): LimitRequest => ({
      keyId: k.id,
      plan: TINY,
      period,
      now,
      windowOnly,
    });
    const figures = async (request: LimitRequest) => {
      const d = await store.consume(request);
      return [d.allowed, d.rateRemaining, d.rateUsed, d.quotaRemaining, d.quotaUsed];
    };
    assert.deepEqual(await figures(at(t0, true)), [true, 2, 1, 1000, 0]);
    assert.deepEqual(await figures(at(t0 + 1000, false)), [true, 1, 2, 999, 1]);
    assert.deepEqual(await figures(at(t0 + 2000, true)), [true, 0, 3, 999, 1]);
    for (const windowOnly of [true, false]) {
      const refused = await store.consume(at(t0 + 5000, windowOnly));
      assert.deepEqual(
        [refused.allowed, refused.exceeded, refused.retryAfterSeconds, refused.quotaRemaining],
        [false, 'rate', 55, 999],
        `window-only ${windowOnly}: refused by the minute, the oldest leaving it at t0 + 60 s`,
      );
    }
    assert.equal(await store.usage(k.id, period.start), 1, 'only the full request is in the quota');
  });

  test(`${kind}: a used-up quota refuses requests, not window-only ones`, async (t) => {
    const env = await limitsEnv(t, kind);
    const store = await env.store();
    const k = await env.key('metered');
    const now = Date.now();
    const period = billingPeriod(new Date(now), null);
    const request = (windowOnly: boolean): LimitRequest => ({
      keyId: k.id,
      plan: METERED,
      period,
      now,
      windowOnly,
    });
    for (let i = 0; i < 6; i += 1) assert.equal((await store.consume(request(false))).allowed, true);
    const refused = await store.consume(request(false));
    assert.deepEqual([refused.allowed, refused.exceeded], [false, 'quota']);
    const check = await store.consume(request(true));
    assert.deepEqual(
      [check.allowed, check.exceeded, check.quotaRemaining, check.quotaUsed, check.rateUsed],
      [true, null, 0, 6, 7],
    );
    assert.equal(await store.usage(k.id, period.start), 6);
  });

  test(`${kind}: 50 window-only requests at once get exactly N successes`, async (t) => {
    const env = await limitsEnv(t, kind);
    const store = await env.store();
    const k = await env.key('five');
    const now = Date.now();
    const period = billingPeriod(new Date(now), null);
    const decisions = await Promise.all(
      Array.from({ length: 50 }, () =>
        store.consume({ keyId: k.id, plan: FIVE, period, now, windowOnly: true }),
      ),
    );
    assert.equal(decisions.filter((d) => d.allowed).length, 5);
    assert.deepEqual(
      decisions
        .filter((d) => d.allowed)
        .map((d) => d.rateRemaining)
        .sort(),
      [0, 1, 2, 3, 4],
    );
    assert.equal(await store.usage(k.id, period.start), 0);
  });

  test(`${kind}: window-only requests are part of the minute a restarted process reads back`, async (t) => {
    const env = await limitsEnv(t, kind);
    const k = await env.key('tiny');
    const first = await env.store();
    const request = (): LimitRequest => {
      const now = Date.now();
      return { keyId: k.id, plan: TINY, period: billingPeriod(new Date(now), null), now, windowOnly: true };
    };
    for (let i = 0; i < 3; i += 1) assert.equal((await first.consume(request())).allowed, true);
    await first.close(); // flushes the ledger
    const second = await env.store();
    const refused = await second.consume(request());
    assert.deepEqual([refused.allowed, refused.exceeded, refused.quotaUsed], [false, 'rate', 0]);
    assert.equal(await second.usage(k.id, request().period.start), 0);
  });

  test(`${kind}: over HTTP, /account and a 304 count in the minute and leave the quota`, async (t) => {
    const env = await limitsEnv(t, kind);
    const { app, store } = await env.start();
    const k = await env.key('five');
    const first = await inject(app, k.auth);
    assert.equal(first.status, 200);
    assert.deepEqual([limits(first).rateRemaining, limits(first).quotaRemaining], [4, 999]);
    const etag = first.header('etag')!;

    const notModified = await inject(app, { ...k.auth, 'if-none-match': etag });
    assert.equal(notModified.status, 304);
    assert.deepEqual([limits(notModified).rateRemaining, limits(notModified).quotaRemaining], [3, 999]);

    const res = await app.inject({ url: '/api/v1/account', headers: k.auth });
    assert.equal(res.statusCode, 200);
    const account = res.json().data;
    const headers = reported({ status: 200, header: (n) => res.headers[n] as string | undefined, body: {} });
    assert.deepEqual(
      {
        rate: { limit: account.rate_limit.limit, remaining: account.rate_limit.remaining },
        quota: {
          limit: account.quota.limit,
          remaining: account.quota.remaining,
          reset: account.quota.reset_seconds,
        },
      },
      headers,
      'the body says what its headers say',
    );
    assert.deepEqual([account.rate_limit.used, account.rate_limit.remaining], [3, 2]);
    assert.deepEqual([account.quota.used, account.quota.remaining], [1, 999]);

    // Two more in the window, then the minute is used up for /account and 304s too.
    assert.equal((await inject(app, k.auth, '/api/v1/account')).status, 200);
    assert.equal((await inject(app, { ...k.auth, 'if-none-match': etag })).status, 304);
    assertRefused(await inject(app, k.auth, '/api/v1/account'), 'rate', 5);
    const refused = await inject(app, { ...k.auth, 'if-none-match': etag }, ROUTE);
    assertRefused(refused, 'rate', 5);
    assert.equal(limits(refused).quotaRemaining, 999);
    assert.equal(await store.usage(k.id, billingPeriod(new Date(), null).start), 1);
  });
}
