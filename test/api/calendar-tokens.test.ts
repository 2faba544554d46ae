// Calendar tokens (POST, GET, DELETE /football/calendar-tokens) and how a feed is opened with one: the
// secret shown once and stored as a hash, a key's own tokens only, at most MAX_CALENDAR_TOKENS, admitted
// and counted as the key's requests, refused (401 with WWW-Authenticate) once revoked or once the key is,
// and never written in full to the access log. Garbage and oversized tokens are refused without a lookup.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { pino } from 'pino';
import { issueApiKey } from '../../src/auth/api-keys.js';
import { hashCalendarToken, MAX_CALENDAR_TOKENS } from '../../src/auth/calendar-tokens.js';
import { accessLog } from '../../src/api/http/access-log.js';
import { insertApiKey, updateApiKey } from '../../src/storage/repositories/api-key.repository.js';
import { buildTestApp } from '../support/build-app.js';
import { appOnStorage } from '../support/test-app.js';
import { API, assertError } from '../support/api-contract.js';

const TOKENS = `${API}/football/calendar-tokens`;

test('calendar tokens', async (t) => {
  const built = await buildTestApp(t);
  const { app, ids, auth, storage } = built;
  const feed = `${API}/football/teams/${ids.teams.manCity}/calendar.ics`;
  const create = (key = built.keys.valid, label?: string) =>
    app.inject({
      method: 'POST',
      url: label === undefined ? TOKENS : `${TOKENS}?label=${encodeURIComponent(label)}`,
      headers: auth(key),
    });
  const open = (token: string, url = feed) =>
    app.inject({ method: 'GET', url: `${url}?token=${encodeURIComponent(token)}` });
  const refusedAs = (res: Awaited<ReturnType<typeof open>>, reason: string) => {
    const details = assertError(res, 401, 'invalid_api_key');
    assert.equal((details as { reason?: string }).reason, reason, res.body);
    assert.match(String(res.headers['www-authenticate']), /^Bearer realm="touchline"/);
  };

  /** A key of its own, so that tests may revoke it or fill its tokens. */
  const newKey = async (name: string) => {
    const issued = issueApiKey('development', name, new Date());
    await insertApiKey(storage.db, issued.row);
    return issued;
  };

  await t.test('created once, stored as a hash, listed without the secret, opens the feeds', async () => {
    const res = await create(built.keys.valid, 'My phone');
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    const { data } = res.json() as { data: Record<string, string | null> };
    assert.match(String(data.token), /^cal_[A-Za-z0-9]{32}$/);
    assert.match(String(data.id), /^ctk_/);
    assert.equal(data.label, 'My phone');
    assert.ok(String(data.token).startsWith(String(data.prefix)));
    const stored = await storage.db.selectFrom('calendar_tokens').selectAll().execute();
    assert.ok(!JSON.stringify(stored).includes(String(data.token)), 'the secret is not stored');
    assert.equal(stored.find((row) => row.id === data.id)?.token_hash, hashCalendarToken(String(data.token)));

    const list = await app.inject({ method: 'GET', url: TOKENS, headers: auth() });
    assert.equal(list.statusCode, 200);
    assert.ok(!list.body.includes(String(data.token)), 'listed without the secret');
    assert.deepEqual(
      (list.json() as { data: Array<{ id: string }> }).data.map((token) => token.id),
      [data.id],
    );

    const opened = await open(String(data.token));
    assert.equal(opened.statusCode, 200, opened.body);
    assert.equal(opened.headers['content-type'], 'text/calendar; charset=utf-8');
    // Counted as the key's request: the limit headers, and one more from the key's quota.
    const before = Number(opened.headers['x-quota-remaining']);
    const season = `${API}/football/competitions/${ids.competitions.en1}/calendar.ics`;
    const again = await app.inject({
      method: 'GET',
      url: `${season}?season_id=${ids.seasons.en1_2023}&token=${String(data.token)}`,
    });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(Number(again.headers['x-quota-remaining']), before - 1);
    // The token opens feeds only: not the rest of the API, nor the token routes.
    refusedAs(
      await app.inject({ method: 'GET', url: `${API}/football/teams?token=${String(data.token)}` }),
      'missing',
    );
    refusedAs(await app.inject({ method: 'GET', url: `${TOKENS}?token=${String(data.token)}` }), 'missing');
  });

  await t.test('no credential, a garbage, long or unknown token: 401 with WWW-Authenticate', async () => {
    refusedAs(await app.inject({ method: 'GET', url: feed }), 'missing');
    refusedAs(await open('nope'), 'invalid');
    refusedAs(await open(`cal_${'a'.repeat(10_000)}`), 'invalid');
    refusedAs(await open(`cal_${'A'.repeat(32)}`), 'invalid');
    refusedAs(await open("cal_'; drop table calendar_tokens; --"), 'invalid');
    refusedAs(await app.inject({ method: 'GET', url: `${feed}?token=a&token=b` }), 'invalid');
    // An API key given as a token is not a calendar token.
    refusedAs(await open(built.keys.valid), 'invalid');
  });

  await t.test('revoked: 401 at once; another key cannot revoke or see it (404)', async () => {
    const other = await newKey('other');
    const { data } = (await create()).json() as { data: { id: string; token: string } };
    const elsewhere = await app.inject({
      method: 'DELETE',
      url: `${TOKENS}/${data.id}`,
      headers: auth(other.key),
    });
    assertError(elsewhere, 404, 'not_found');
    const listed = await app.inject({ method: 'GET', url: TOKENS, headers: auth(other.key) });
    assert.deepEqual(listed.json(), { data: [] });
    assert.equal((await open(data.token)).statusCode, 200);

    const revoked = await app.inject({ method: 'DELETE', url: `${TOKENS}/${data.id}`, headers: auth() });
    assert.equal(revoked.statusCode, 204);
    assert.equal(revoked.body, '');
    refusedAs(await open(data.token), 'revoked');
    assertError(
      await app.inject({ method: 'DELETE', url: `${TOKENS}/${data.id}`, headers: auth() }),
      404,
      'not_found',
    );
    assertError(
      await app.inject({ method: 'DELETE', url: `${TOKENS}/ctk_nothing`, headers: auth() }),
      404,
      'not_found',
    );
  });

  await t.test("a revoked key's tokens answer 401", async () => {
    const key = await newKey('to revoke');
    const { data } = (await create(key.key)).json() as { data: { token: string } };
    assert.equal((await open(data.token)).statusCode, 200);
    await updateApiKey(storage.db, key.row.id, { revoked_at: new Date().toISOString() });
    refusedAs(await open(data.token), 'revoked');
    // A deactivated key's: 403, as the key itself.
    const inactive = await newKey('to deactivate');
    const held = (await create(inactive.key)).json() as { data: { token: string } };
    await updateApiKey(storage.db, inactive.row.id, { subscription_active: 0 });
    assertError(await open(held.data.token), 403, 'subscription_inactive');
  });

  await t.test(`at most ${MAX_CALENDAR_TOKENS} tokens a key: one more is 409`, async () => {
    const key = await newKey('many');
    const made: string[] = [];
    for (let i = 0; i < MAX_CALENDAR_TOKENS; i += 1) {
      const res = await create(key.key);
      assert.equal(res.statusCode, 201, res.body);
      made.push((res.json() as { data: { id: string } }).data.id);
    }
    const over = assertError(await create(key.key), 409, 'conflict');
    assert.equal((over as { limit?: number }).limit, MAX_CALENDAR_TOKENS);
    // Revoking one makes room for one.
    await app.inject({ method: 'DELETE', url: `${TOKENS}/${made[0]}`, headers: auth(key.key) });
    assert.equal((await create(key.key)).statusCode, 201);
    assertError(await create(key.key), 409, 'conflict');
  });

  await t.test('labels are bounded; unknown parameters refused', async () => {
    assertError(await create(built.keys.valid, 'x'.repeat(101)), 400, 'invalid_parameter');
    assertError(await create(built.keys.valid, ''), 400, 'invalid_parameter');
    assertError(
      await app.inject({ method: 'POST', url: `${TOKENS}?colour=red`, headers: auth() }),
      400,
      'invalid_parameter',
    );
    refusedAs(await app.inject({ method: 'POST', url: TOKENS }), 'missing');
  });

  await t.test('the access log never holds the token', async (t) => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { app: logged } = await appOnStorage(storage, { accessLog: accessLog(pino({}, sink), 1) });
    t.after(() => logged.close());
    const { data } = (await create()).json() as { data: { token: string } };
    for (const url of [
      `${feed}?token=${data.token}`,
      `${feed}?TOKEN=${data.token}`,
      `${feed}?%74oken=${data.token}`,
      `${feed}?token=${data.token.slice(0, -1)}x`,
    ]) {
      await logged.inject({ method: 'GET', url });
    }
    await new Promise((resolve) => setImmediate(resolve));
    const text = lines.join('');
    assert.equal(text.split('\n').filter(Boolean).length, 4, text);
    assert.ok(!text.includes(data.token.slice(4)), text);
    assert.ok(!text.includes(data.token.slice(4, -1)), text);
    assert.match(text, /token=REDACTED/);
  });
});
