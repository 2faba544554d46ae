// Browser streams: POST /football/live/stream-tokens gives a short-lived token bound to the key and the
// filter; the stream takes it as ?token=, and nothing else does; the access log never writes it.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { pino } from 'pino';
import { accessLog } from '../../../src/api/http/access-log.js';
import { notifyLiveEvents } from '../../../src/stream/live-notify.js';
import { issueStreamToken } from '../../../src/stream/stream-token.js';
import { buildTestApp } from '../../support/build-app.js';
import { openStream } from '../../support/stream/sse-client.js';
import { appendUpdate, SECRET, streamApp } from '../../support/stream/stream-app.js';

interface TokenAnswer {
  data: {
    token: string;
    expires_at: string;
    expires_in_seconds: number;
    match_id: string | null;
    competition_id: string | null;
    stream_url: string;
  };
}

test('stream tokens', async (t) => {
  const built = await buildTestApp(t);
  const { storage, ids, auth } = built;
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const { base } = await streamApp(t, storage, {
    app: { accessLog: accessLog(pino(sink), 1), corsOrigins: '*' },
  });
  const origin = base.replace(/\/api\/v1$/, '');
  const match = ids.matches.scheduled;
  const tokenFor = async (query: string, headers: Record<string, string> = auth()) => {
    const res = await fetch(`${base}/football/live/stream-tokens${query}`, { method: 'POST', headers });
    return { status: res.status, headers: res.headers, body: (await res.json()) as TokenAnswer };
  };

  await t.test('a token opens the stream of its filter, without a key', async () => {
    const answer = await tokenFor(`?match_id=${match}`);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.equal(answer.headers.get('x-ratelimit-limit'), '600', 'counted as a request');
    const { data } = answer.body;
    assert.equal(data.match_id, match);
    assert.equal(data.competition_id, null);
    assert.equal(data.expires_in_seconds, 60);
    assert.ok(Math.abs(Date.parse(data.expires_at) - Date.now() - 60_000) < 5000);
    assert.match(data.stream_url, /^\/api\/v1\/football\/live\/stream\?match_id=match_[0-9a-z]+&token=st1\./);
    const stream = await openStream(`${origin}${data.stream_url}`);
    t.after(() => stream.close());
    assert.equal(stream.status, 200, stream.body);
    assert.equal(stream.headers['x-ratelimit-limit'], '600', 'counted against the key');
    const seq = await appendUpdate(storage, match, ids.competitions.en1);
    notifyLiveEvents();
    await stream.until(() => stream.events.some((e) => e.id === String(seq)), 3000, 'the event');

    const all = await tokenFor('');
    assert.equal(all.body.data.match_id, null);
    const everything = await openStream(`${origin}${all.body.data.stream_url}`);
    t.after(() => everything.close());
    assert.equal(everything.status, 200, everything.body);
  });

  await t.test('refused: another filter, tampered, expired, another secret, a revoked key', async () => {
    const { data } = (await tokenFor(`?match_id=${match}`)).body;
    const refused = async (query: string, why: string, reason = 'invalid') => {
      const res = await openStream(`${base}/football/live/stream${query}`);
      assert.equal(res.status, 401, `${why}: ${res.body}`);
      const body = JSON.parse(res.body) as { error: { code: string; details: Record<string, unknown> } };
      assert.equal(body.error.code, 'invalid_api_key', why);
      assert.deepEqual(body.error.details, { reason, credential: 'stream_token' }, why);
      assert.match(String(res.headers['www-authenticate']), /error="invalid_token"/);
    };
    await refused(`?match_id=${ids.matches.bayernAugsburg}&token=${data.token}`, 'another match');
    await refused(`?token=${data.token}`, 'every event');
    await refused(`?competition_id=${ids.competitions.en1}&token=${data.token}`, 'its competition');
    const [prefix, payload, signature] = data.token.split('.');
    const forged = Buffer.from(payload!, 'base64url').toString().replace(match, ids.matches.bayernAugsburg);
    const tampered = `${prefix}.${Buffer.from(forged).toString('base64url')}.${signature}`;
    await refused(`?match_id=${ids.matches.bayernAugsburg}&token=${tampered}`, 'a payload changed');
    // Its last two characters changed, never to themselves (a signature ends in 'xx' once in 4,096).
    const resigned = `${data.token.slice(0, -2)}${data.token.endsWith('xx') ? 'yy' : 'xx'}`;
    await refused(`?match_id=${match}&token=${resigned}`, 'a signature changed');
    await refused(`?match_id=${match}&token=nonsense`, 'not a token');
    const keyId = (
      await storage.db
        .selectFrom('api_keys')
        .select('id')
        .where('name', '=', 'valid')
        .executeTakeFirstOrThrow()
    ).id;
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = issueStreamToken(SECRET, { keyId, filter: { matchId: match }, expires: past });
    await refused(`?match_id=${match}&token=${expired}`, 'expired', 'expired');
    const otherServer = issueStreamToken('another-secret-of-at-least-32-characters', {
      keyId,
      filter: { matchId: match },
      expires: past + 60,
    });
    await refused(`?match_id=${match}&token=${otherServer}`, 'signed by another secret');

    // A key revoked after its token was issued opens nothing with it.
    const revokedId = (
      await storage.db
        .selectFrom('api_keys')
        .select('id')
        .where('name', '=', 'revoked')
        .executeTakeFirstOrThrow()
    ).id;
    const ofRevoked = issueStreamToken(SECRET, { keyId: revokedId, filter: {}, expires: past + 60 });
    const res = await openStream(`${base}/football/live/stream?token=${ofRevoked}`);
    assert.equal(res.status, 401);
    assert.equal(
      (JSON.parse(res.body) as { error: { details: { reason: string } } }).error.details.reason,
      'revoked',
    );
  });

  await t.test('the token opens streams only: other routes want the key', async () => {
    const { data } = (await tokenFor('')).body;
    const res = await fetch(`${base}/football/matches?token=${data.token}`);
    assert.equal(res.status, 401);
    await res.arrayBuffer();
    const mint = await fetch(`${base}/football/live/stream-tokens?token=${data.token}`, { method: 'POST' });
    assert.equal(mint.status, 401, 'a token does not make tokens');
    await mint.arrayBuffer();
  });

  await t.test('a token for something that does not exist is a 404; keys are needed', async () => {
    assert.equal((await tokenFor('?match_id=match_4x7k2m9q8w1z5v3n')).status, 404);
    assert.equal((await tokenFor('?competition_id=comp_4x7k2m9q8w1z5v3n')).status, 404);
    assert.equal((await tokenFor(`?match_id=${match}&competition_id=${ids.competitions.en1}`)).status, 400);
    assert.equal((await tokenFor(`?match_id=${match}`, {})).status, 401);
    const get = await fetch(`${base}/football/live/stream-tokens`, { headers: auth() });
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
    await get.arrayBuffer();
  });

  await t.test(
    'from another origin: the token by POST after a preflight, the stream with CORS headers',
    async () => {
      const preflight = await fetch(`${base}/football/live/stream-tokens`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example.org',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization',
        },
      });
      assert.equal(preflight.status, 204);
      assert.match(String(preflight.headers.get('access-control-allow-methods')), /POST/);
      await preflight.arrayBuffer();
      const { data } = (await tokenFor('', { ...auth(), origin: 'https://app.example.org' })).body;
      const stream = await openStream(`${origin}${data.stream_url}`, { origin: 'https://app.example.org' });
      t.after(() => stream.close());
      assert.equal(stream.status, 200);
      assert.equal(stream.headers['access-control-allow-origin'], '*');
    },
  );

  await t.test('the access log writes the token as REDACTED, and each stream once when it ends', async () => {
    const { data } = (await tokenFor(`?match_id=${match}`)).body;
    const stream = await openStream(`${origin}${data.stream_url}`);
    await stream.until(() => stream.retry !== undefined);
    stream.close();
    const deadline = Date.now() + 2000;
    const requestId = stream.headers['x-request-id'];
    const streamLines = () => lines.filter((l) => l.msg === 'request' && l.req_id === requestId);
    while (streamLines().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const [line] = streamLines();
    assert.ok(line, JSON.stringify(lines.slice(-3)));
    assert.equal(streamLines().length, 1, 'one line');
    assert.equal(line.route, '/api/v1/football/live/stream');
    assert.equal(line.url, `/api/v1/football/live/stream?match_id=${match}&token=REDACTED`);
    assert.equal(line.status, 200);
    assert.ok(typeof line.key_id === 'string', JSON.stringify(line));
    assert.ok(Number(line.bytes) > 0, JSON.stringify(line));
    for (const logged of lines)
      assert.ok(
        !JSON.stringify(logged).includes(data.token.split('.')[2]!),
        `no token: ${JSON.stringify(logged)}`,
      );
  });
});
