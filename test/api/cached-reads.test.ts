// Cached reads over a real socket: the second request for a URL is answered from the response cache, and
// must be indistinguishable from the first, read from the database, but for its own request ID and
// counts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KEY_TRUST_MS } from '../../src/auth/key-directory.js';
import { updateApiKey } from '../../src/storage/repositories/api-key.repository.js';
import { buildTestApp } from '../support/build-app.js';
import { madeUpKey } from '../support/made-up-key.js';
import { pastKeyTrust } from '../support/key-trust.js';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const withoutRequestId = (text: string) => text.replace(/"request_id":"[^"]*"/, '"request_id":""');

test('cached reads on a listening server', async (t) => {
  const built = await buildTestApp(t);
  const base = `${await built.app.listen({ host: '127.0.0.1', port: 0 })}/api/v1`;
  const url = `${base}/football/matches?team_id=${built.ids.teams.manCity}&limit=5`;

  await t.test('the second answer carries the same bytes and headers, its own ID and counts', async () => {
    const started = Date.now();
    const first = await get(url, built.auth());
    const second = await get(url, built.auth());
    const seconds = Math.ceil((Date.now() - started) / 1000);
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    assert.equal(withoutRequestId(second.text), withoutRequestId(first.text));
    const body = JSON.parse(second.text) as { meta: { request_id: string } };
    assert.equal(body.meta.request_id, second.headers.get('x-request-id'));
    assert.notEqual(second.headers.get('x-request-id'), first.headers.get('x-request-id'));
    for (const name of ['etag', 'content-type', 'x-ratelimit-limit', 'x-quota-limit']) {
      assert.equal(second.headers.get(name), first.headers.get(name), name);
    }
    // Whole seconds until the period ends: as many may tick between the two answers as pass.
    const reset = [first, second].map((a) => Number(a.headers.get('x-quota-reset')));
    assert.ok(
      reset[0]! - reset[1]! >= 0 && reset[0]! - reset[1]! <= seconds,
      `x-quota-reset ${reset.join(' then ')}`,
    );
    assert.equal(Number(second.headers.get('content-length')), Buffer.byteLength(second.text));
    for (const name of ['x-ratelimit-remaining', 'x-quota-remaining']) {
      assert.equal(Number(second.headers.get(name)), Number(first.headers.get(name)) - 1, name);
    }
  });

  await t.test('If-None-Match still gets 304', async () => {
    const { headers } = await get(url, built.auth());
    const again = await get(url, { ...built.auth(), 'if-none-match': headers.get('etag')! });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
  });

  await t.test('no key, or an unknown, revoked or inactive one, is refused', async () => {
    await get(url, built.auth());
    const missing = await get(url);
    assert.equal(missing.status, 401);
    assert.match(missing.headers.get('www-authenticate') ?? '', /^Bearer realm="touchline"/);
    assert.equal((await get(url, built.auth(`${built.keys.valid}x`))).status, 401);
    assert.equal((await get(url, built.auth(built.keys.revoked))).status, 401);
    assert.equal((await get(url, built.auth(built.keys.inactive))).status, 403);
  });

  await t.test(`a key revoked while trusted is refused after ${KEY_TRUST_MS} ms`, async () => {
    assert.equal((await get(url, built.auth())).status, 200);
    const row = await built.storage.db
      .selectFrom('api_keys')
      .select('id')
      .where('prefix', '=', built.keys.valid.slice(0, 9))
      .executeTakeFirstOrThrow();
    await updateApiKey(built.storage.db, row.id, { revoked_at: new Date().toISOString() });
    pastKeyTrust(t);
    const refused = await get(url, built.auth());
    assert.equal(refused.status, 401);
    assert.equal(JSON.parse(refused.text).error.details.reason, 'revoked');
  });
});

test('cached reads with the database closed', async (t) => {
  const built = await buildTestApp(t);
  const base = `${await built.app.listen({ host: '127.0.0.1', port: 0 })}/api/v1`;
  const url = `${base}/football/matches?team_id=${built.ids.teams.manCity}&limit=5`;
  assert.equal((await get(url, built.auth())).status, 200);
  // Past the trust window, the valid key must be looked up again too.
  pastKeyTrust(t);
  await built.storage.close();

  await t.test('a key that cannot be checked gets 503, not a refusal', async () => {
    // A made-up key of a real key's shape must be looked up too (one of another shape is invalid at once).
    for (const key of [built.keys.valid, madeUpKey(built.keys.valid)]) {
      const res = await get(url, built.auth(key));
      assert.equal(res.status, 503, key);
      assert.equal(JSON.parse(res.text).error.code, 'service_unavailable');
    }
  });

  await t.test('no key needs no database: still 401', async () => {
    const res = await get(url);
    assert.equal(res.status, 401);
    assert.equal(JSON.parse(res.text).error.details.reason, 'missing');
  });
});
