// What a conditional request costs: a 304 counts in the minute window and not against the quota, read
// from the X-Quota-* and X-RateLimit-* headers before and after; any other answer to a conditional
// request costs what it would without If-None-Match. A used-up quota still gets its 304s, a used-up
// minute does not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { issueApiKey } from '../../src/auth/api-keys.js';
import type { Plan } from '../../src/config/plans.js';
import { insertApiKey } from '../../src/storage/repositories/api-key.repository.js';
import type { Storage } from '../../src/storage/connection.js';
import { buildTestApp } from '../support/build-app.js';
import { appOnStorage } from '../support/test-app.js';
import { API, assertError } from '../support/api-contract.js';

const TEAMS = `${API}/football/teams`;

function left(res: LightMyRequestResponse): { rate: number; quota: number } {
  for (const name of ['x-ratelimit-remaining', 'x-quota-remaining']) {
    assert.match(String(res.headers[name]), /^\d+$/, `${name} on a ${res.statusCode}`);
  }
  return {
    rate: Number(res.headers['x-ratelimit-remaining']),
    quota: Number(res.headers['x-quota-remaining']),
  };
}

test('a 304 counts in the minute, not against the quota', async (t) => {
  const { app, auth, ids, cache, storage } = await buildTestApp(t);
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { ...auth(), ...headers } });

  await t.test('quota headers before and after a 304', async () => {
    const first = await get(TEAMS);
    const before = left(first);
    const etag = String(first.headers.etag);
    const notModified = await get(TEAMS, { 'if-none-match': etag });
    assert.equal(notModified.statusCode, 304);
    assert.deepEqual(left(notModified), { rate: before.rate - 1, quota: before.quota });
    const listed = await get(TEAMS, { 'if-none-match': `W/"0-stale", ${etag}` });
    assert.equal(listed.statusCode, 304);
    assert.deepEqual(left(listed), { rate: before.rate - 2, quota: before.quota });
    const full = await get(TEAMS);
    assert.equal(full.statusCode, 200);
    assert.deepEqual(left(full), { rate: before.rate - 3, quota: before.quota - 1 });
  });

  await t.test('a 304 for an answer no longer cached costs no quota either', async () => {
    const url = `${TEAMS}/${ids.teams.bayern}`;
    const first = await get(url);
    await cache.clear();
    const res = await get(url, { 'if-none-match': String(first.headers.etag) });
    assert.equal(res.statusCode, 304);
    assert.equal(left(res).quota, left(first).quota);
  });

  await t.test('a conditional request answered in full costs a request', async () => {
    const before = left(await get(TEAMS));
    const stale = await get(TEAMS, { 'if-none-match': 'W/"0-stale"' });
    assert.equal(stale.statusCode, 200);
    assert.deepEqual(left(stale), { rate: before.rate - 1, quota: before.quota - 1 });
    // Invalid: no 304 can follow, so it is counted as the 400 it is.
    const invalid = await get(`${TEAMS}?limit=0`, { 'if-none-match': '*' });
    assertError(invalid, 400, 'invalid_parameter');
    assert.deepEqual(left(invalid), { rate: before.rate - 2, quota: before.quota - 2 });
  });

  await t.test('If-None-Match: * is charged as a 304 whatever the answer', async () => {
    const before = left(await get(TEAMS));
    const any = await get(TEAMS, { 'if-none-match': '*' });
    assert.equal(any.statusCode, 304);
    // Whether a representation exists is known once the route has answered, after counting.
    const unknown = await get(`${TEAMS}/team_0000000000000000`, { 'if-none-match': '*' });
    assertError(unknown, 404, 'not_found');
    assert.deepEqual(left(unknown), { rate: before.rate - 2, quota: before.quota });
  });

  await t.test('over real HTTP too', async (t) => {
    const { app: listening } = await appOnStorage(storage);
    t.after(() => listening.close());
    const base = await listening.listen({ host: '127.0.0.1', port: 0 });
    const first = await fetch(`${base}${TEAMS}`, { headers: auth() });
    await first.text();
    const again = await fetch(`${base}${TEAMS}`, {
      headers: { ...auth(), 'if-none-match': String(first.headers.get('etag')) },
    });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('x-quota-remaining'), first.headers.get('x-quota-remaining'));
    assert.equal(
      Number(again.headers.get('x-ratelimit-remaining')),
      Number(first.headers.get('x-ratelimit-remaining')) - 1,
    );
  });
});

const PLANS: readonly Plan[] = [
  { name: 'tiny', requestsPerMinute: 3, requestsPerPeriod: 1000, description: '3 per minute' },
  { name: 'metered', requestsPerMinute: 1000, requestsPerPeriod: 2, description: '2 per period' },
];

async function keyOn(storage: Storage, plan: string): Promise<{ authorization: string }> {
  const issued = issueApiKey('development', `conditional ${plan}`, new Date(), undefined, { plan });
  await insertApiKey(storage.db, issued.row);
  return { authorization: `Bearer ${issued.key}` };
}

test('conditional requests at the limits', async (t) => {
  const { storage } = await buildTestApp(t);
  const { app } = await appOnStorage(storage, { plans: PLANS });
  t.after(() => app.close());

  await t.test('the quota used up: 304s still answer, anything else is a 429', async () => {
    const key = await keyOn(storage, 'metered');
    const first = await app.inject({ url: TEAMS, headers: key });
    assert.equal((await app.inject({ url: `${TEAMS}?limit=1`, headers: key })).statusCode, 200);
    const conditional = { ...key, 'if-none-match': String(first.headers.etag) };
    const res = await app.inject({ url: TEAMS, headers: conditional });
    assert.equal(res.statusCode, 304);
    assert.equal(left(res).quota, 0);
    const other = await app.inject({ url: `${TEAMS}?limit=2`, headers: conditional });
    assert.equal(assertError(other, 429, 'rate_limit').limit, 'quota');
  });

  await t.test('the minute used up: a matching If-None-Match gets the 429 too', async () => {
    const key = await keyOn(storage, 'tiny');
    const first = await app.inject({ url: TEAMS, headers: key });
    const conditional = { ...key, 'if-none-match': String(first.headers.etag) };
    for (let i = 0; i < 2; i += 1)
      assert.equal((await app.inject({ url: TEAMS, headers: conditional })).statusCode, 304);
    const refused = await app.inject({ url: TEAMS, headers: conditional });
    const details = assertError(refused, 429, 'rate_limit');
    assert.equal(details.limit, 'rate');
    assert.deepEqual(left(refused), { rate: 0, quota: 999 });
    assert.equal(refused.headers.etag, undefined);
  });
});
