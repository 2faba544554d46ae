// The billing-period quota, checked the same way on each store: exactly Q successes across a restart,
// a fresh count in the next period, and nothing counted for /health, 401 or 403 answers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { billingPeriod } from '../../../src/limits/billing-period.js';
import { readUsage } from '../../../src/storage/repositories/key-usage.repository.js';
import { updateApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import { assertRefused, inject, limits, type Answer } from './answers.js';
import { limitsEnv, PLANS, type StoreKind } from './limits-env.js';
import { pastKeyTrust } from '../key-trust.js';

const METERED = PLANS.find((p) => p.name === 'metered')!; // 6 per period
const thisPeriod = () => billingPeriod(new Date(), null).start;

export function quotaSuite(kind: StoreKind): void {
  test(`${kind}: a quota of Q gives exactly Q successes, across a restart`, async (t) => {
    const env = await limitsEnv(t, kind);
    const k = await env.key('metered');
    const first = await env.start();
    const before: Answer[] = [await inject(first.app, k.auth), await inject(first.app, k.auth)];
    assert.deepEqual(
      before.map((a) => [a.status, limits(a).quotaRemaining]),
      [
        [200, 5],
        [200, 4],
      ],
    );
    await first.close(); // flushes the ledger
    assert.equal(await readUsage(env.storage.db, k.id, thisPeriod().toISOString()), 2);

    const second = await env.start();
    const after: Answer[] = [];
    for (let i = 0; i < 10; i += 1) {
      const answer = await inject(second.app, k.auth);
      after.push(answer);
      if (answer.status !== 200) break;
    }
    const ok = after.filter((a) => a.status === 200);
    assert.equal(before.length + ok.length, 6, 'exactly Q successes in the period');
    assert.deepEqual(
      ok.map((a) => limits(a).quotaRemaining),
      [3, 2, 1, 0],
    );
    const refused = after.at(-1)!;
    const retryAfter = assertRefused(refused, 'quota', 6);
    const headers = limits(refused);
    assert.deepEqual([headers.quotaLimit, headers.quotaRemaining], [6, 0]);
    assert.equal(retryAfter, headers.quotaReset, 'a quota 429 asks to retry when the period ends');
    assert.equal((await inject(second.app, k.auth)).status, 429, 'still refused');
    await second.close();
    assert.equal(await readUsage(env.storage.db, k.id, thisPeriod().toISOString()), 6);
  });

  test(`${kind}: the next billing period starts again from zero`, async (t) => {
    const env = await limitsEnv(t, kind);
    const store = await env.store();
    const k = await env.key('metered');
    const lastMs = Date.UTC(2031, 0, 31, 23, 59, 59, 999);
    const january = billingPeriod(new Date(lastMs), null);
    const february = billingPeriod(new Date(lastMs + 1), null);
    for (let i = 0; i < 6; i += 1) {
      const d = await store.consume({
        keyId: k.id,
        plan: METERED,
        period: january,
        now: lastMs - i * 60_000,
      });
      assert.equal(d.allowed, true);
    }
    const refused = await store.consume({ keyId: k.id, plan: METERED, period: january, now: lastMs });
    assert.deepEqual(
      [refused.exceeded, refused.quotaResetSeconds, refused.retryAfterSeconds],
      ['quota', 1, 1],
    );
    const next = await store.consume({ keyId: k.id, plan: METERED, period: february, now: lastMs + 1 });
    assert.deepEqual([next.allowed, next.quotaRemaining], [true, 5]);
    assert.equal(next.quotaResetSeconds, 28 * 86_400);
    assert.equal(await store.usage(k.id, january.start), 6);
    assert.equal(await store.usage(k.id, february.start), 1);
  });

  test(`${kind}: /health, 401 and 403 answers count against nothing`, async (t) => {
    const env = await limitsEnv(t, kind);
    const { app, store } = await env.start();
    const good = await env.key('tiny');
    const revoked = await env.key('tiny', { revoked_at: new Date(Date.now() - 60_000).toISOString() });
    const inactive = await env.key('tiny', { subscription_active: 0 });
    const retired = await env.key('retired');
    const bogus = { authorization: 'Bearer test_ABCDEFGHJKLMNPQRSTUVWXYZabcdefgh' };
    for (let i = 0; i < 5; i += 1) {
      for (const headers of [{}, good.auth]) {
        const health = await inject(app, headers, '/api/v1/health');
        assert.equal(health.status, 200);
        assert.equal(health.header('x-ratelimit-limit'), undefined, '/health reports no limits');
        assert.equal((await inject(app, headers, '/api/v1/openapi.json')).status, 200);
      }
      for (const headers of [{}, { authorization: 'Basic abc' }, bogus, revoked.auth]) {
        assert.equal((await inject(app, headers)).status, 401);
      }
      const off = await inject(app, inactive.auth);
      assert.deepEqual(
        [off.status, off.body.error?.code, off.body.error?.details.reason],
        [403, 'subscription_inactive', 'inactive'],
      );
      const unknown = await inject(app, retired.auth);
      assert.deepEqual(
        [unknown.status, unknown.body.error?.code, unknown.body.error?.details.reason],
        [403, 'subscription_inactive', 'unknown_plan'],
      );
    }
    for (const k of [good, revoked, inactive, retired])
      assert.equal(await store.usage(k.id, thisPeriod()), 0);

    // Neither the window nor the quota of any key moved: the first counted request leaves N-1 and Q-1.
    await updateApiKey(env.storage.db, inactive.id, { subscription_active: 1 });
    // A key change applies once the process's trust in what it read last runs out.
    pastKeyTrust(t);
    for (const k of [good, inactive]) {
      const first = await inject(app, k.auth);
      assert.equal(first.status, 200);
      assert.deepEqual([limits(first).rateRemaining, limits(first).quotaRemaining], [2, 999]);
    }
  });
}
