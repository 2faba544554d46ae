// GET /account: the calling key, its plan and its usage as its own limit headers say, counted in the
// minute window but never against the quota, never cached; and its unhappy paths: 401, 403, 429 when
// the minute is used up (not when the quota is), 503 when the counters cannot decide.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { issueApiKey } from '../../src/auth/api-keys.js';
import { DEFAULT_PLANS, type Plan } from '../../src/config/plans.js';
import { billingPeriod } from '../../src/limits/billing-period.js';
import type { LimitStore } from '../../src/limits/limit-store.js';
import { LimitsUnavailableError } from '../../src/limits/limits-unavailable.js';
import { insertApiKey } from '../../src/storage/repositories/api-key.repository.js';
import type { Storage } from '../../src/storage/connection.js';
import { buildTestApp } from '../support/build-app.js';
import { appOnStorage } from '../support/test-app.js';
import { API, assertError, assertJson, assertKeys, ISO_DATE_TIME } from '../support/api-contract.js';

const ACCOUNT = `${API}/account`;
const DATA = `${API}/football/competitions`;

/** The five limit headers of an answer, as numbers. */
function headers(res: LightMyRequestResponse) {
  const n = (name: string) => {
    assert.match(String(res.headers[name]), /^\d+$/, `${name} on a ${res.statusCode}`);
    return Number(res.headers[name]);
  };
  return {
    rateLimit: n('x-ratelimit-limit'),
    rateRemaining: n('x-ratelimit-remaining'),
    quotaLimit: n('x-quota-limit'),
    quotaRemaining: n('x-quota-remaining'),
    quotaReset: n('x-quota-reset'),
  };
}

/** What an /account body says of the same five figures. */
function figures(body: { data: Record<string, Record<string, number>> }) {
  const { rate_limit: rate, quota } = body.data;
  return {
    rateLimit: rate!.limit!,
    rateRemaining: rate!.remaining!,
    quotaLimit: quota!.limit!,
    quotaRemaining: quota!.remaining!,
    quotaReset: quota!.reset_seconds!,
  };
}

test('GET /account', async (t) => {
  const { app, auth, keys, storage } = await buildTestApp(t);
  const account = (key?: string, extra: Record<string, string> = {}) =>
    app.inject({ url: ACCOUNT, headers: { ...auth(key), ...extra } });

  await t.test('the key, its plan and its usage, exactly as its own headers say', async () => {
    const res = await account();
    assert.equal(res.statusCode, 200);
    assertJson(res);
    const body = res.json();
    assertKeys(body, ['data'], 'body');
    assertKeys(body.data, ['key', 'plan', 'rate_limit', 'quota', 'webhooks'], 'data');
    assert.deepEqual(figures(body), headers(res), 'the body is the decision its headers were made from');

    const row = await storage.db
      .selectFrom('api_keys')
      .selectAll()
      .where('name', '=', 'valid')
      .executeTakeFirstOrThrow();
    assert.deepEqual(body.data.key, {
      id: row.id,
      name: 'valid',
      prefix: keys.valid.slice(0, 9),
      kind: 'test',
      environment: 'development',
      created_at: row.created_at,
      expires_at: null,
    });
    const development = DEFAULT_PLANS.find((p) => p.name === 'development')!;
    assert.deepEqual(body.data.plan, { name: 'development', description: development.description });

    const { rate_limit: rate, quota } = body.data;
    assertKeys(rate, ['limit', 'used', 'remaining', 'window_seconds'], 'rate_limit');
    assert.deepEqual([rate.limit, rate.window_seconds], [600, 60]);
    assert.equal(rate.used + rate.remaining, rate.limit);
    assertKeys(quota, ['limit', 'used', 'remaining', 'period_start', 'period_end', 'reset_seconds'], 'quota');
    assert.equal(quota.limit, 1_000_000);
    assert.equal(quota.used + quota.remaining, quota.limit);
    const period = billingPeriod(new Date(), null);
    assert.equal(quota.period_start, period.start.toISOString());
    assert.equal(quota.period_end, period.end.toISOString());
    for (const at of [quota.period_start, quota.period_end]) assert.match(at, ISO_DATE_TIME);
    const reset = Math.ceil((period.end.getTime() - Date.now()) / 1000);
    assert.ok(Math.abs(quota.reset_seconds - reset) <= 1, `reset in ${quota.reset_seconds} s`);
    // The plan's webhook limits, as POST /webhooks and the delivery worker apply them.
    assert.deepEqual(body.data.webhooks, {
      subscriptions_limit: development.webhooks,
      deliveries_per_period: development.webhookDeliveriesPerPeriod,
    });
  });

  await t.test('counted in the minute window, never against the quota', async () => {
    const data = headers(await app.inject({ url: DATA, headers: auth() }));
    const first = await account();
    const second = await account();
    for (const [res, step] of [
      [first, 1],
      [second, 2],
    ] as const) {
      const body = res.json();
      assert.equal(
        body.data.quota.remaining,
        data.quotaRemaining,
        'the quota left as the data request left it',
      );
      assert.equal(headers(res).quotaRemaining, data.quotaRemaining);
      assert.equal(body.data.rate_limit.remaining, data.rateRemaining - step, 'one more in the window');
    }
    const next = headers(await app.inject({ url: DATA, headers: auth() }));
    assert.equal(
      next.quotaRemaining,
      data.quotaRemaining - 1,
      'the next data request is the next one counted',
    );
  });

  await t.test('never cached: Cache-Control no-store, no ETag, no 304', async () => {
    const res = await account();
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers.etag, undefined);
    const conditional = await account(undefined, { 'if-none-match': '*' });
    assert.equal(conditional.statusCode, 200);
    assert.equal(conditional.headers.etag, undefined);
  });

  await t.test(
    '401 without a key or with a revoked or expired one; 403 for an inactive subscription',
    async () => {
      const missing = await app.inject({ url: ACCOUNT });
      assert.equal(assertError(missing, 401, 'invalid_api_key').reason, 'missing');
      assert.match(String(missing.headers['www-authenticate']), /^Bearer realm="touchline"/);
      assert.equal(missing.headers['x-quota-remaining'], undefined, 'a refusal reports no limits');
      assert.equal(assertError(await account(keys.revoked), 401, 'invalid_api_key').reason, 'revoked');
      assert.equal(assertError(await account(keys.expired), 401, 'invalid_api_key').reason, 'expired');
      assert.equal(assertError(await account(keys.live), 401, 'invalid_api_key').reason, 'invalid');
      const inactive = await account(keys.inactive);
      assert.equal(assertError(inactive, 403, 'subscription_inactive').reason, 'inactive');
    },
  );

  await t.test('takes no query parameters', async () => {
    const res = await app.inject({ url: `${ACCOUNT}?key=x`, headers: auth() });
    assert.equal(assertError(res, 400, 'invalid_parameter').parameter, 'key');
  });
});

const PLANS: readonly Plan[] = [
  { name: 'tiny', requestsPerMinute: 3, requestsPerPeriod: 1000, description: '3 per minute' },
  { name: 'metered', requestsPerMinute: 1000, requestsPerPeriod: 2, description: '2 per period' },
];

async function keyOn(storage: Storage, plan: string): Promise<{ authorization: string }> {
  const issued = issueApiKey('development', `account ${plan}`, new Date(), undefined, { plan });
  await insertApiKey(storage.db, issued.row);
  return { authorization: `Bearer ${issued.key}` };
}

async function appWith(
  t: { after: (fn: () => unknown) => void },
  storage: Storage,
  limits?: LimitStore,
): Promise<FastifyInstance> {
  const { app } = await appOnStorage(storage, { plans: PLANS, limits });
  t.after(() => app.close());
  return app;
}

test('GET /account at the limits', async (t) => {
  const { storage } = await buildTestApp(t);

  await t.test('the minute used up: 429 with the limit headers and Retry-After', async (t) => {
    const app = await appWith(t, storage);
    const key = await keyOn(storage, 'tiny');
    for (let i = 0; i < 2; i += 1)
      assert.equal((await app.inject({ url: DATA, headers: key })).statusCode, 200);
    const last = await app.inject({ url: ACCOUNT, headers: key });
    assert.equal(last.statusCode, 200, 'the third request of the minute');
    assert.deepEqual([last.json().data.rate_limit.remaining, last.json().data.quota.used], [0, 2]);
    const refused = await app.inject({ url: ACCOUNT, headers: key });
    const details = assertError(refused, 429, 'rate_limit');
    assert.deepEqual([details.limit, details.limit_value], ['rate', 3]);
    assert.equal(refused.headers['retry-after'], String(details.retry_after_seconds));
    assert.deepEqual(headers(refused), { ...headers(last), quotaReset: headers(refused).quotaReset });
  });

  await t.test('the quota used up: it still answers, with nothing remaining', async (t) => {
    const app = await appWith(t, storage);
    const key = await keyOn(storage, 'metered');
    for (let i = 0; i < 2; i += 1)
      assert.equal((await app.inject({ url: DATA, headers: key })).statusCode, 200);
    const refused = await app.inject({ url: DATA, headers: key });
    assert.equal(assertError(refused, 429, 'rate_limit').limit, 'quota');
    const res = await app.inject({ url: ACCOUNT, headers: key });
    assert.equal(res.statusCode, 200);
    const { quota } = res.json().data;
    assert.deepEqual([quota.limit, quota.used, quota.remaining], [2, 2, 0]);
    assert.deepEqual(figures(res.json()), headers(res));
  });

  await t.test('the request counters unavailable: 503 with Retry-After', async (t) => {
    const unavailable: LimitStore = {
      consume: async () => {
        throw new LimitsUnavailableError('the cluster primary does not answer limit checks');
      },
      usage: async () => 0,
      close: async () => undefined,
    };
    const app = await appWith(t, storage, unavailable);
    const key = await keyOn(storage, 'tiny');
    const res = await app.inject({ url: ACCOUNT, headers: key });
    assert.equal(typeof assertError(res, 503, 'service_unavailable').request_id, 'string');
    assert.equal(res.headers['retry-after'], '1');
    assert.equal(res.headers['x-quota-remaining'], undefined);
  });
});
