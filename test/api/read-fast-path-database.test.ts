// Match list pages and season tables read from the database by the fast path in front of Fastify
// (SQLite only), held to the full path's answers: for every URL, the same status, body (but the request
// ID), ETag and type as Fastify's route gives. A URL the fast path is not sure of goes to the full path,
// errors included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Plan } from '../../src/config/plans.js';
import { issueApiKey } from '../../src/auth/api-keys.js';
import { insertApiKey } from '../../src/storage/repositories/api-key.repository.js';
import { buildTestApp } from '../support/build-app.js';
import { appOnStorage } from '../support/test-app.js';
import { seededRandom } from '../support/seeded-random.js';

const PLANS: Plan[] = [
  { name: 'roomy', requestsPerMinute: 1_000_000, requestsPerPeriod: 10_000_000, description: '' },
];
const LIST = '/api/v1/football/matches';
const withoutRequestIds = (text: string) => text.replace(/"request_id":"[^"]*"/g, '"request_id":""');

test('match list pages on the fast path answer as the full path does', async (t) => {
  const built = await buildTestApp(t);
  const { app, cache } = await appOnStorage(built.storage, { plans: PLANS });
  t.after(() => app.close());
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const { key, row } = issueApiKey('development', 'roomy', new Date(), undefined, { plan: 'roomy' });
  await insertApiKey(built.storage.db, row);
  const headers = { authorization: `Bearer ${key}` };
  // One read path on both engines: the fast path reads through the route's answer on PostgreSQL too.
  const fastPathReads = true;

  /** Both paths' answers to `url`, each computed from the database (the cache emptied before each). */
  const compare = async (url: string): Promise<{ status: number; fast: boolean }> => {
    await cache.clear();
    const full = await app.inject({ method: 'GET', url, headers });
    await cache.clear();
    const before = app.answered.fastify;
    const res = await fetch(`${origin}${url}`, { headers });
    const text = await res.text();
    const fast = app.answered.fastify === before;
    assert.equal(res.status, full.statusCode, url);
    assert.equal(withoutRequestIds(text), withoutRequestIds(full.body), url);
    // The same headers (connection management aside), with the same values where they are not per request.
    const names = (all: Iterable<string>) =>
      [...all].filter((name) => !['date', 'connection', 'keep-alive'].includes(name)).sort();
    assert.deepEqual(names(res.headers.keys()), names(Object.keys(full.headers)), url);
    for (const name of ['etag', 'content-type', 'x-ratelimit-limit', 'x-quota-limit', 'www-authenticate']) {
      assert.equal(res.headers.get(name) ?? undefined, full.headers[name], `${name} of ${url}`);
    }
    assert.equal(Number(res.headers.get('content-length')), Buffer.byteLength(text), url);
    // A page's meta carries the request ID (a season's table has no meta).
    if (res.status === 200 && url.startsWith(LIST)) {
      const body = JSON.parse(text) as { meta?: { request_id: string } };
      assert.equal(body.meta?.request_id, res.headers.get('x-request-id'), url);
    }
    return { status: res.status, fast };
  };

  const { teams, seasons, competitions } = built.ids;
  await t.test('pages of matches are read by the fast path', async () => {
    const pages = [
      LIST,
      `${LIST}?`,
      `${LIST}?team_id=${teams.manCity}&season_id=${seasons.en1_2023}&limit=2`,
      `${LIST}?limit=2&page=2&team_id=${teams.manCity}`,
      `${LIST}?competition_id=${competitions.en1}&status=finished`,
      `${LIST}?date_from=2023-08-01&date_to=2023-08-31&limit=100`,
      `${LIST}?season_id=${seasons.en1_2015}&date_to=2015-08-08`,
      // Whatever the route's validator accepts, spelled any way: it is the fast path's validator too.
      `${LIST}?team_id=${teams.manCity.replace('_', '%5F')}`,
      `${LIST}?limit=05`,
      `${LIST}?limit=%32&team_id=${teams.manCity}`,
    ];
    for (const url of pages) {
      assert.deepEqual(await compare(url), { status: 200, fast: fastPathReads }, url);
    }
  });

  await t.test("an empty page whose filters name stored records is the fast path's too", async () => {
    for (const url of [`${LIST}?page=99`, `${LIST}?team_id=${teams.manCity}&status=canceled`]) {
      assert.deepEqual(await compare(url), { status: 200, fast: fastPathReads }, url);
    }
  });

  await t.test('everything else is answered by the full path', async () => {
    const others: Array<[string, number]> = [
      [`${LIST}?team_id=team_doesnotexist`, 404],
      [`${LIST}?status=finished&status=finished`, 400],
      [`${LIST}?date_from=2024-02-30`, 400],
      [`${LIST}?date_from=2024-01-02&date_to=2024-01-01`, 400],
      [`${LIST}?limit=101`, 400],
      [`${LIST}?constructor=1`, 400],
      [`${LIST}/`, 404],
    ];
    for (const [url, status] of others) {
      assert.deepEqual(await compare(url), { status, fast: false }, url);
    }
  });

  await t.test('300 generated query strings get the same answers both ways', async () => {
    const next = seededRandom(20261121);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const values: Record<string, string[]> = {
      team_id: [teams.manCity, teams.arsenal, teams.bayern, 'team_zzz', 'team_', 'team_A', 'comp_x'],
      season_id: [seasons.en1_2023, seasons.en1_2015, seasons.de1_2023, 'season_zzz'],
      competition_id: [competitions.en1, competitions.de1, 'comp_zzz', 'comp'],
      status: ['finished', 'scheduled', 'postponed', 'unknown', 'live', 'Finished', ''],
      date_from: ['2023-08-01', '2023-08-19', '2024-02-29', '2023-02-29', '2023-8-1', '2015-01-01'],
      date_to: ['2023-08-31', '2024-12-31', '2023-08-19', '2024-13-01', '2015-12-31'],
      page: ['1', '2', '3', '0', '01', '2147483647', '2147483648', 'x'],
      limit: ['1', '2', '5', '25', '100', '101', '0', '1.0', '-1'],
      foo: ['bar'],
    };
    const names = Object.keys(values);
    let fast = 0;
    for (let i = 0; i < 300; i += 1) {
      const parts: string[] = [];
      const count = Math.floor(next() * 4);
      for (let j = 0; j < count; j += 1) {
        const name = pick(names);
        let value = pick(values[name]!);
        if (next() < 0.05) value = value.replace('_', '%5F');
        if (next() < 0.03) value = `${value}+`;
        parts.push(`${name}=${value}`);
      }
      const answer = await compare(parts.length ? `${LIST}?${parts.join('&')}` : LIST);
      if (answer.fast) fast += 1;
    }
    // The generator must reach both paths, or the comparison would prove little.
    if (fastPathReads) assert.ok(fast >= 30 && fast <= 270, `${fast} of 300 on the fast path`);
    else assert.equal(fast, 0);
  });

  const table = (competition: string, season: string) =>
    `/api/v1/football/competitions/${competition}/seasons/${season}/standings`;

  await t.test(
    'season tables: read by the fast path once known, anything not found left to the full path',
    async () => {
      // The full path's request computes each table first (compare), so the fast path finds it kept.
      for (const url of [
        table(competitions.en1, seasons.en1_2023),
        table(competitions.en1, seasons.en1_2015),
        table(competitions.de1, seasons.de1_2023),
      ]) {
        assert.deepEqual(await compare(url), { status: 200, fast: fastPathReads }, url);
      }
      const others: Array<[string, number]> = [
        [table('comp_zzz', seasons.en1_2023), 404],
        [table(competitions.en1, 'season_zzz'), 404],
        [table(competitions.en1, seasons.de1_2023), 404], // a season of another competition
        [table('comp_A', seasons.en1_2023), 404], // not an ID: names nothing
      ];
      for (const [url, status] of others) {
        assert.deepEqual(await compare(url), { status, fast: false }, url);
      }
    },
  );

  await t.test('a database that fails mid-read leaves the answer to the full path: 503', async () => {
    const urls = [`${LIST}?team_id=${teams.arsenal}`, table(competitions.en1, seasons.en1_2023)];
    for (const url of urls) assert.equal((await fetch(`${origin}${url}`, { headers })).status, 200, url);
    await cache.clear();
    await built.storage.close();
    for (const url of urls) {
      const res = await fetch(`${origin}${url}`, { headers });
      assert.equal(res.status, 503, url);
      assert.match(res.headers.get('retry-after') ?? '', /^\d+$/);
      assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'service_unavailable');
    }
  });
});
