// Match list pages and season tables over a socket: for every URL, the answer the response cache holds
// is the answer read from the database (the same status, body but the request ID, ETag, type and
// headers), and only 200s are held: an error is read again each time.
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

test('match list pages and season tables: a cached answer is the answer read from the database', async (t) => {
  const built = await buildTestApp(t);
  const { app, cache } = await appOnStorage(built.storage, { plans: PLANS });
  t.after(() => app.close());
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const { key, row } = issueApiKey('development', 'roomy', new Date(), undefined, { plan: 'roomy' });
  await insertApiKey(built.storage.db, row);
  const headers = { authorization: `Bearer ${key}` };
  /**
   * The answer to `url` read from the database (the cache emptied first), then asked again: whether the
   * first was kept (`cached`), and the second, which the cache gives when it was, compared with it.
   */
  const compare = async (url: string): Promise<{ status: number; cached: boolean }> => {
    await cache.clear();
    const full = await app.inject({ method: 'GET', url, headers });
    const cached = cache.size > 0;
    const res = await fetch(`${origin}${url}`, { headers });
    const text = await res.text();
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
    return { status: res.status, cached };
  };

  const { teams, seasons, competitions } = built.ids;
  await t.test('pages of matches are cached', async () => {
    const pages = [
      LIST,
      `${LIST}?`,
      `${LIST}?team_id=${teams.manCity}&season_id=${seasons.en1_2023}&limit=2`,
      `${LIST}?limit=2&page=2&team_id=${teams.manCity}`,
      `${LIST}?competition_id=${competitions.en1}&status=finished`,
      `${LIST}?date_from=2023-08-01&date_to=2023-08-31&limit=100`,
      `${LIST}?season_id=${seasons.en1_2015}&date_to=2015-08-08`,
      // Whatever the route's validator accepts, spelled any way: the cache key is the validated request.
      `${LIST}?team_id=${teams.manCity.replace('_', '%5F')}`,
      `${LIST}?limit=05`,
      `${LIST}?limit=%32&team_id=${teams.manCity}`,
    ];
    for (const url of pages) {
      assert.deepEqual(await compare(url), { status: 200, cached: true }, url);
    }
  });

  await t.test('an empty page whose filters name stored records is cached too', async () => {
    for (const url of [`${LIST}?page=99`, `${LIST}?team_id=${teams.manCity}&status=canceled`]) {
      assert.deepEqual(await compare(url), { status: 200, cached: true }, url);
    }
  });

  await t.test('everything else is read each time, never cached', async () => {
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
      assert.deepEqual(await compare(url), { status, cached: false }, url);
    }
  });

  await t.test('300 generated query strings get the same answers from the cache as read', async () => {
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
    let cached = 0;
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
      if (answer.cached) cached += 1;
    }
    // The generator must reach both 200s and errors, or the comparison would prove little.
    assert.ok(cached >= 30 && cached <= 270, `${cached} of 300 cached`);
  });

  const table = (competition: string, season: string) =>
    `/api/v1/football/competitions/${competition}/seasons/${season}/standings`;

  await t.test('season tables: cached once known, anything not found read each time', async () => {
    for (const url of [
      table(competitions.en1, seasons.en1_2023),
      table(competitions.en1, seasons.en1_2015),
      table(competitions.de1, seasons.de1_2023),
    ]) {
      assert.deepEqual(await compare(url), { status: 200, cached: true }, url);
    }
    const others: Array<[string, number]> = [
      [table('comp_zzz', seasons.en1_2023), 404],
      [table(competitions.en1, 'season_zzz'), 404],
      [table(competitions.en1, seasons.de1_2023), 404], // a season of another competition
      [table('comp_A', seasons.en1_2023), 404], // not an ID: names nothing
    ];
    for (const [url, status] of others) {
      assert.deepEqual(await compare(url), { status, cached: false }, url);
    }
  });

  await t.test('a database that fails mid-read: 503 with Retry-After', async () => {
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
