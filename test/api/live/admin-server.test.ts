// The admin listener live updates are sent to: its own token (never an API key), the media types it takes,
// the body limit, and one verdict per update, a bad line among good ones refused on its own.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startAdminServer, LIVE_UPDATES_PATH, type AdminListener } from '../../../src/server/admin-server.js';
import type { LiveEventRow } from '../../../src/storage/repositories/live-event.repository.js';
import { buildTestApp, type TestApp } from '../../support/build-app.js';

const TOKEN = 'admin-token-for-tests-0123456789';

describe('live: the admin listener', () => {
  let built: TestApp;
  let listener: AdminListener;
  const hooks: Array<() => Promise<void>> = [];
  const notified: LiveEventRow[] = [];

  before(async () => {
    built = await buildTestApp({ after: (fn) => void hooks.push(fn as () => Promise<void>) });
    listener = await startAdminServer({
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
      storage: built.storage,
      onApplied: (row) => notified.push(row),
      bodyLimitBytes: 64 * 1024,
    });
  });
  after(async () => {
    await listener.close();
    for (const hook of hooks.reverse()) await hook();
  });

  const post = (body: string, headers: Record<string, string>, path = LIVE_UPDATES_PATH) =>
    fetch(`${listener.url}${path}`, { method: 'POST', body, headers });
  const authorized = (type: string) => ({ authorization: `Bearer ${TOKEN}`, 'content-type': type });
  const envelope = async (res: Response, status: number, code: string) => {
    assert.equal(res.status, status);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    const body = (await res.json()) as { error: { code: string; message: string; details: object } };
    assert.deepEqual(Object.keys(body.error).sort(), ['code', 'details', 'message']);
    assert.equal(body.error.code, code);
    return body;
  };
  const update = (updateId: string, sequence: number, extra: object = {}) =>
    JSON.stringify({ update_id: updateId, match: built.ids.matches.scheduled, sequence, ...extra });

  it('401 with WWW-Authenticate without the token, with another, and with an API key', async () => {
    const body = update('a', 1, { status: 'live' });
    const missing = await post(body, { 'content-type': 'application/json' });
    assert.equal(missing.headers.get('www-authenticate'), 'Bearer realm="touchline-admin"');
    await envelope(missing, 401, 'invalid_token');
    for (const token of ['wrong-token-wrong-token-wrong', built.keys.valid, built.keys.live]) {
      const res = await post(body, { authorization: `Bearer ${token}`, 'content-type': 'application/json' });
      assert.equal(
        res.headers.get('www-authenticate'),
        'Bearer realm="touchline-admin", error="invalid_token"',
      );
      await envelope(res, 401, 'invalid_token');
    }
    const applied = await built.storage.db.selectFrom('live_events').selectAll().execute();
    assert.equal(applied.length, 0, 'nothing applied');
  });

  it('415 for another media type, 400 for a body that is not JSON, 404 and 405 elsewhere', async () => {
    const res = await post(update('a', 1), authorized('text/plain'));
    const body = await envelope(res, 415, 'unsupported_media_type');
    assert.deepEqual((body.error.details as { accepted: string[] }).accepted, [
      'application/x-ndjson',
      'application/json',
    ]);
    await envelope(await post('{"update_id":', authorized('application/json')), 400, 'malformed_request');
    await envelope(await post('42', authorized('application/json')), 400, 'malformed_request');
    await envelope(await post('{}', authorized('application/json'), '/admin/v1/other'), 404, 'not_found');
    const get = await fetch(`${listener.url}${LIVE_UPDATES_PATH}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    assert.equal(get.headers.get('allow'), 'POST');
    await envelope(get, 405, 'method_not_allowed');
  });

  it('413 for a body over the limit, before anything is applied', async () => {
    const big = `${update('big', 1, { status: 'live' })}\n${' '.repeat(70 * 1024)}\n`;
    await envelope(await post(big, authorized('application/x-ndjson')), 413, 'payload_too_large');
    // Sent in chunks without a length: refused once the limit is passed, the rest never read.
    const chunk = new TextEncoder().encode(`${update('big', 1, { status: 'live' })}\n`.padEnd(8 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 1000) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const chunked = await fetch(`${listener.url}${LIVE_UPDATES_PATH}`, {
      method: 'POST',
      body: stream,
      headers: authorized('application/x-ndjson'),
      duplex: 'half',
    } as RequestInit);
    await envelope(chunked, 413, 'payload_too_large');
    assert.ok(sent < 1000, 'the rest of the body was not read');
    assert.equal((await built.storage.db.selectFrom('live_events').selectAll().execute()).length, 0);
  });

  it('NDJSON: one verdict per line, a bad line refused on its own, applied as admin', async () => {
    const lines = [
      update('k1', 1, { status: 'live' }),
      '{"update_id": "broken"',
      '',
      update('k2', 2, { score: { home: 1, away: 0 } }),
    ];
    const res = await post(`${lines.join('\n')}\n`, authorized('application/x-ndjson'));
    assert.equal(res.status, 200);
    const { data } = (await res.json()) as { data: Array<Record<string, unknown>> };
    assert.deepEqual(
      data.map((v) => [v.line, v.outcome]),
      [
        [1, 'applied'],
        [2, 'rejected'],
        [4, 'applied'],
      ],
    );
    assert.match(String(data[1]!.reason), /^invalid JSON/);
    const rows = await built.storage.db
      .selectFrom('live_events')
      .select(['update_id', 'actor'])
      .orderBy('seq')
      .execute();
    assert.deepEqual(rows, [
      { update_id: 'k1', actor: 'admin' },
      { update_id: 'k2', actor: 'admin' },
    ]);
    assert.deepEqual(
      notified.map((r) => r.updateId),
      ['k1', 'k2'],
    );
    const refused = await built.storage.db.selectFrom('live_rejections').selectAll().execute();
    assert.equal(refused.length, 1);
    assert.equal(refused[0]!.actor, 'admin');
    assert.equal(refused[0]!.excerpt, '{"update_id": "broken"');
  });

  it('JSON: an update or an array of them, one verdict each with its index', async () => {
    const one = await post(update('k2', 3), authorized('application/json; charset=utf-8'));
    assert.equal(one.status, 200);
    assert.deepEqual(
      ((await one.json()) as { data: Array<{ outcome: string; index: number }> }).data.map((v) => [
        v.index,
        v.outcome,
      ]),
      [[0, 'duplicate']],
    );
    const many = await post(
      `[${update('k3', 3, { score: { home: 2, away: 0 } })}, ${update('k4', 2)}, {"nonsense": true}]`,
      authorized('application/json'),
    );
    assert.equal(many.status, 200);
    const { data } = (await many.json()) as { data: Array<{ outcome: string; index: number }> };
    assert.deepEqual(
      data.map((v) => [v.index, v.outcome]),
      [
        [0, 'applied'],
        [1, 'stale'],
        [2, 'rejected'],
      ],
    );
  });
});
