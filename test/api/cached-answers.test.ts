// Cached answers over a real socket: a 200 the response cache holds is the 200 read from the database
// for the same request (status, headers in order, body but the request ID), for every kind of cached
// route; an error is never held; pipelined requests get their answers in order, whether from the cache,
// read, refused or not found.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { issueApiKey } from '../../src/auth/api-keys.js';
import type { Plan } from '../../src/config/plans.js';
import { insertApiKey } from '../../src/storage/repositories/api-key.repository.js';
import { buildTestApp } from '../support/build-app.js';
import { appOnStorage } from '../support/test-app.js';
import { rawClient, rawRequest, type RawAnswer } from '../support/raw-http-client.js';

const request = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(method, url, headers);
const header = (answer: RawAnswer, name: string) =>
  answer.headers.find(([sent]) => sent.toLowerCase() === name)?.[1];
/** What differs from one answer to the next however it is given. */
const PER_REQUEST = [
  'x-request-id',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-quota-remaining',
  'x-quota-reset',
  'date',
];
const NOT_MATCHING = { 'If-None-Match': '"no such tag"' };
const PLANS: Plan[] = [
  { name: 'roomy', requestsPerMinute: 1_000_000, requestsPerPeriod: 10_000_000, description: '' },
];

test('a cached answer is the answer read from the database', async (t) => {
  const built = await buildTestApp(t);
  const { app, cache } = await appOnStorage(built.storage, { plans: PLANS });
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
  /** The answer to `url` with `headers` on a connection of its own. */
  const answer = async (url: string, headers: Record<string, string>) => {
    const client = await rawClient(port);
    t.after(() => client.destroy());
    client.send(request(url, headers));
    return client.next();
  };
  const assertSame = (held: RawAnswer, read: RawAnswer, what: string) => {
    assert.equal(held.status, read.status, what);
    const names = (a: RawAnswer) => a.headers.map(([name]) => name.toLowerCase());
    assert.deepEqual(names(held), names(read), what);
    const fixed = (a: RawAnswer) => a.headers.filter(([name]) => !PER_REQUEST.includes(name.toLowerCase()));
    assert.deepEqual(fixed(held), fixed(read), what);
    const withoutId = (a: RawAnswer) => a.body.replace(header(a, 'x-request-id')!, '');
    assert.equal(withoutId(held), withoutId(read), what);
    assert.notEqual(header(held, 'x-request-id'), header(read, 'x-request-id'));
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
    for (const url of urls) {
      await cache.clear();
      const read = await answer(url, auth);
      assert.equal(cache.size, 1, `${url}: the answer read is kept`);
      const held = await answer(url, auth);
      assertSame(held, read, url);
      assert.equal(held.status, 200, url);
      const body = JSON.parse(held.body) as { meta?: { request_id: string } };
      if (body.meta) assert.equal(body.meta.request_id, header(held, 'x-request-id'));
    }
  });

  await t.test('a list naming a team that does not exist is a 404 each time, never held', async () => {
    const url = `/api/v1/football/matches?team_id=${ids.teams.manCity},team_${'0'.repeat(16)}`;
    await cache.clear();
    for (let i = 0; i < 2; i += 1) {
      assert.equal((await answer(url, auth)).status, 404);
      assert.equal(cache.size, 0);
    }
  });

  await t.test(
    'pipelined requests get their answers in order, held, read, refused or not found',
    async () => {
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
    },
  );
});
