// The read fast path in front of Fastify, over a real socket: every answer it gives is the one the full
// path gives for the same request (status, headers in order, body but the request ID), whether a 200 read
// from the cache or the database, a refusal for the key, or a 429. A conditional request that does not
// match is the way to make the full path answer the same URL: the fast path leaves conditional requests
// to it, and it answers 200 when the tag does not match.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { issueApiKey } from '../../src/auth/api-keys.js';
import type { Plan } from '../../src/config/plans.js';
import { insertApiKey } from '../../src/storage/repositories/api-key.repository.js';
import { buildTestApp } from '../support/build-app.js';
import { madeUpKey } from '../support/made-up-key.js';
import { appOnStorage } from '../support/test-app.js';
import { rawClient, rawRequest, type RawAnswer } from '../support/raw-http-client.js';

const request = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(method, url, headers);
const header = (answer: RawAnswer, name: string) =>
  answer.headers.find(([sent]) => sent.toLowerCase() === name)?.[1];
/** What differs from one answer to the next however it is given. */
const PER_REQUEST = ['x-request-id', 'x-ratelimit-remaining', 'x-quota-remaining', 'x-quota-reset', 'date'];
const NOT_MATCHING = { 'If-None-Match': '"no such tag"' };
const PLANS: Plan[] = [
  { name: 'roomy', requestsPerMinute: 1_000_000, requestsPerPeriod: 10_000_000, description: '' },
  { name: 'tiny', requestsPerMinute: 2, requestsPerPeriod: 1000, description: '' },
];

test('the fast path answers as the full path does', async (t) => {
  const built = await buildTestApp(t);
  const { app } = await appOnStorage(built.storage, { plans: PLANS });
  t.after(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const issue = async (plan: string) => {
    const { key, row } = issueApiKey('development', plan, new Date(), undefined, { plan });
    await insertApiKey(built.storage.db, row);
    return { Authorization: `Bearer ${key}` };
  };
  const auth = await issue('roomy');
  const { ids } = built;
  // One read path on both engines: the fast path reads the match routes' answers on PostgreSQL too.
  const reads = true;

  /**
   * The fast path's answer to `url`: on PostgreSQL it answers a key for KEY_TRUST_MS after the key was
   * last looked up, which a slow full-path answer before can outlast, and which any full-path answer renews.
   */
  const fastAnswer = async (url: string, headers: Record<string, string>) => {
    for (let attempt = 0; ; attempt += 1) {
      const got = await answer(url, headers);
      if (got.fast || attempt === 2) return got;
    }
  };
  /** The answer to `url` with `headers`, and which path gave it. */
  const answer = async (url: string, headers: Record<string, string>) => {
    const client = await rawClient(port);
    t.after(() => client.destroy());
    const before = app.answered.fastify;
    client.send(request(url, headers));
    const got = await client.next();
    return { got, fast: app.answered.fastify === before };
  };
  const assertSame = (fast: RawAnswer, full: RawAnswer, what: string) => {
    assert.equal(fast.status, full.status, what);
    const names = (a: RawAnswer) => a.headers.map(([name]) => name.toLowerCase());
    assert.deepEqual(names(fast), names(full), what);
    const fixed = (a: RawAnswer) => a.headers.filter(([name]) => !PER_REQUEST.includes(name.toLowerCase()));
    assert.deepEqual(fixed(fast), fixed(full), what);
    const withoutId = (a: RawAnswer) => a.body.replace(header(a, 'x-request-id')!, '');
    assert.equal(withoutId(fast), withoutId(full), what);
    assert.notEqual(header(fast, 'x-request-id'), header(full, 'x-request-id'));
  };

  await t.test('a 200, from the cache or read from the database, in the same bytes', async () => {
    const urls = [
      `/api/v1/football/matches?team_id=${ids.teams.manCity}&limit=2`,
      // The match list's own meta (head_to_head, next_updated_since) and its other orders and filters.
      `/api/v1/football/matches?team_id=${ids.teams.manCity}&opponent_id=${ids.teams.burnley}`,
      `/api/v1/football/matches?updated_since=2024-01-01T00:00:00Z&sort=-starts_at&limit=3`,
      `/api/v1/football/matches?round=Matchday%201&sort=-starts_at&page=2&limit=2`,
      // A list of teams: each ID checked before the page is read.
      `/api/v1/football/matches?team_id=${ids.teams.manCity},${ids.teams.burnley}&limit=3`,
      `/api/v1/football/matches/${ids.matches.burnleyCity}`,
      `/api/v1/football/teams/${ids.teams.arsenal}`,
      `/api/v1/coverage/summary`,
    ];
    // A key's first request in a process loads its counts, which only the full path waits for.
    assert.equal((await answer('/api/v1/football/competitions', auth)).fast, false);
    for (const url of urls) {
      const first = await answer(url, auth);
      // A read the database answers without waiting needs no cache; the others are cached by the first answer.
      const readable = reads && url.includes('/matches');
      assert.equal(first.fast, readable, `${url}: first answer`);
      const fast = await fastAnswer(url, auth);
      assert.equal(fast.fast, true, `${url}: answered by the fast path`);
      const full = await answer(url, { ...auth, ...NOT_MATCHING });
      assert.equal(full.fast, false, `${url}: answered by the full path`);
      assertSame(fast.got, full.got, url);
      assert.equal(fast.got.status, 200, url);
      const body = JSON.parse(fast.got.body) as { meta?: { request_id: string } };
      if (body.meta) assert.equal(body.meta.request_id, header(fast.got, 'x-request-id'));
    }
  });

  await t.test('a list naming a team that does not exist is the full path’s 404, not a page', async () => {
    const url = `/api/v1/football/matches?team_id=${ids.teams.manCity},team_${'0'.repeat(16)}`;
    for (let i = 0; i < 2; i += 1) {
      const { got, fast } = await answer(url, auth);
      assert.equal(got.status, 404);
      assert.equal(fast, false);
    }
  });

  await t.test('a refusal for the key, in the same bytes', async () => {
    const url = `/api/v1/football/teams/${ids.teams.arsenal}`;
    const valid = built.keys.valid;
    const cases: Array<[reason: string, headers: Record<string, string>, status: number]> = [
      ['missing', {}, 401],
      ['malformed', { Authorization: 'Basic dXNlcjpwYXNz' }, 401],
      ['invalid', { Authorization: `Bearer ${valid}x` }, 401],
      ['invalid', { Authorization: `Bearer ${madeUpKey(valid)}` }, 401],
      // A key of the other environment (live_ on a development server) is not valid here.
      ['invalid', { Authorization: `Bearer ${built.keys.live}` }, 401],
      ['revoked', { Authorization: `Bearer ${built.keys.revoked}` }, 401],
      ['expired', { Authorization: `Bearer ${built.keys.expired}` }, 401],
      ['inactive', { Authorization: `Bearer ${built.keys.inactive}` }, 403],
      ['unknown_plan', await issue('retired'), 403],
    ];
    for (const [reason, headers, status] of cases) {
      // The full path looks the key up first; from then on the fast path knows it.
      const full = await answer(url, { ...headers, ...NOT_MATCHING });
      const fast = await fastAnswer(url, headers);
      assert.equal(full.fast, false, reason);
      assert.equal(fast.fast, true, `${reason}: refused by the fast path`);
      assertSame(fast.got, full.got, reason);
      assert.equal(fast.got.status, status, reason);
      assert.equal(JSON.parse(fast.got.body).error.details.reason, reason);
    }
  });

  await t.test('a 429, in the same bytes', async () => {
    const url = `/api/v1/football/teams/${ids.teams.arsenal}`;
    const tiny = await issue('tiny');
    assert.equal((await answer(url, tiny)).got.status, 200);
    assert.equal((await answer(url, tiny)).got.status, 200);
    const fast = await fastAnswer(url, tiny);
    const full = await answer(url, { ...tiny, ...NOT_MATCHING });
    assert.deepEqual([fast.fast, full.fast], [true, false]);
    assertSame(fast.got, full.got, '429');
    assert.equal(fast.got.status, 429);
    assert.match(header(fast.got, 'retry-after') ?? '', /^\d+$/);
  });

  await t.test('pipelined requests get their answers in order, whichever path gives each', async () => {
    const url = `/api/v1/football/teams/${ids.teams.arsenal}`;
    const client = await rawClient(port);
    t.after(() => client.destroy());
    client.send(
      request(url, auth) +
        request(url, auth, 'HEAD') +
        request(url) +
        request(url, { ...auth, ...NOT_MATCHING }) +
        request('/api/v1/nope', auth) +
        request(url, auth),
    );
    const statuses = [];
    for (const noBody of [false, true, false, false, false, false]) {
      statuses.push((await client.next({ noBody })).status);
    }
    assert.deepEqual(statuses, [200, 200, 401, 200, 404, 200]);
  });
});
