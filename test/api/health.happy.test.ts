import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API, assertJson, assertKeys, HEALTH_KEYS, ISO_DATE_TIME } from '../support/api-contract.js';

test('GET /health', async (t) => {
  const { app, keys } = await buildTestApp(t);

  await t.test('answers 200 with a Health object, without a key', async () => {
    const before = Date.now();
    const res = await app.inject({ url: `${API}/health` });
    assert.equal(res.statusCode, 200);
    assertJson(res);
    const body = res.json();
    assertKeys(body, HEALTH_KEYS, 'health');
    assertKeys(body.checks, ['database', 'cache'], 'health.checks');
    assert.equal(body.status, 'ok');
    assert.deepEqual(body.checks, { database: true, cache: true });
    assert.equal(body.version, 'v1');
    assert.match(body.time, ISO_DATE_TIME);
    const time = Date.parse(body.time);
    assert.ok(time >= before - 1000 && time <= Date.now() + 1000, 'time is now');
  });

  await t.test('is not wrapped in {data} and is never cached', async () => {
    const first = await app.inject({ url: `${API}/health` });
    assert.equal(first.headers['cache-control'], 'no-store');
    assert.equal(first.headers.etag, undefined);
    assert.equal(first.json().data, undefined);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await app.inject({ url: `${API}/health` });
    assert.notEqual(second.json().time, first.json().time, 'a fresh check each time');
  });

  await t.test('ignores credentials, even bad ones', async () => {
    for (const authorization of [`Bearer ${keys.revoked}`, 'Bearer nonsense', 'Token x']) {
      const res = await app.inject({ url: `${API}/health`, headers: { authorization } });
      assert.equal(res.statusCode, 200, authorization);
    }
  });

  await t.test('carries an X-Request-Id header', async () => {
    const res = await app.inject({ url: `${API}/health` });
    assert.match(String(res.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });
});
