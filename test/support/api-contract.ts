import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Shared assertions for the API tests: the resource shapes of the interface, part 2. */

export const API = '/api/v1';

// Every key of the interface's resources; the API adds only the keys listed as extensions.
export const COMPETITION_KEYS = [
  'id',
  'slug',
  'name',
  'country',
  // Extension: the confederation.
  'confederation',
  'type',
  'gender',
  'logo_url',
  'season_count',
];
export const COUNTRY_KEYS = ['name', 'code'];
export const SEASON_KEYS = ['id', 'name', 'starts_on', 'ends_on', 'is_current', 'team_count', 'match_count'];
export const TEAM_KEYS = ['id', 'slug', 'name', 'short_name', 'country_name', 'country_code', 'logo_url'];
export const MATCH_SPEC_KEYS = [
  'id',
  'competition',
  'season',
  'starts_at',
  'round',
  'status',
  'home_team',
  'away_team',
  'venue',
  'updated_at',
];
/** Extension: whether starts_at carries a kick-off time or only the date. */
/** Additions beside the spec's: the kick-off's precision, and the score breakdown (issue 40). */
export const MATCH_KEYS = [
  ...MATCH_SPEC_KEYS,
  'starts_at_precision',
  'score',
  'winner',
  'decided_by',
  'aggregate',
];
export const SCORE_BREAKDOWN_KEYS = ['half_time', 'full_time', 'extra_time', 'penalties'];
export const MATCH_TEAM_KEYS = ['id', 'name', 'logo_url', 'score'];
export const CAPABILITY_KEYS = [
  'fixtures',
  'results',
  'teams',
  'standings',
  'players',
  'live',
  'odds',
  'statistics',
  'lineups',
  'timeline',
];
export const HEALTH_KEYS = ['status', 'version', 'time', 'checks'];
/** Spec meta is page, limit, request_id; has_more is an extension, total appears on searchable lists. */
export const PAGE_META_KEYS = ['page', 'limit', 'request_id', 'has_more'];
export const COUNTED_META_KEYS = [...PAGE_META_KEYS, 'total'];

export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export type Headers = Record<string, string>;

export function assertKeys(value: unknown, expected: readonly string[], what = 'object'): void {
  assert.ok(value !== null && typeof value === 'object' && !Array.isArray(value), `${what} is an object`);
  assert.deepEqual(Object.keys(value as object).sort(), [...expected].sort(), `keys of ${what}`);
}

export function assertJson(res: LightMyRequestResponse): void {
  assert.match(String(res.headers['content-type']), /^application\/json\b/);
}

/** GETs a URL, expects 200 JSON, returns the parsed body. */
export async function getOk<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  app: FastifyInstance,
  url: string,
  headers: Headers = {},
): Promise<{ body: T; res: LightMyRequestResponse }> {
  const res = await app.inject({ method: 'GET', url, headers });
  assert.equal(res.statusCode, 200, `GET ${url}: ${res.body}`);
  assertJson(res);
  return { body: res.json() as T, res };
}

/** A collection answer: exactly {data: [...], meta} with the pagination meta of the request. */
export function assertPage(
  body: { data: unknown; meta: Record<string, unknown> },
  res: LightMyRequestResponse,
  expected: { page?: number; limit?: number; counted?: boolean } = {},
): void {
  assertKeys(body, ['data', 'meta'], 'collection body');
  assert.ok(Array.isArray(body.data));
  assertKeys(body.meta, expected.counted ? COUNTED_META_KEYS : PAGE_META_KEYS, 'meta');
  assert.equal(body.meta.page, expected.page ?? 1);
  assert.equal(body.meta.limit, expected.limit ?? 25);
  assert.equal(typeof body.meta.has_more, 'boolean');
  assert.equal(typeof body.meta.request_id, 'string');
  assert.equal(
    body.meta.request_id,
    res.headers['x-request-id'],
    'meta.request_id is the X-Request-Id header',
  );
}

export function assertCompetition(c: Record<string, unknown>): void {
  assertKeys(c, COMPETITION_KEYS, 'competition');
  assertKeys(c.country, COUNTRY_KEYS, 'competition.country');
  assert.match(String(c.id), /^comp_/);
  assert.ok(['league', 'cup', 'tournament', 'unknown'].includes(String(c.type)));
  assert.ok(['men', 'women', 'mixed', 'unknown'].includes(String(c.gender)));
  assert.ok(Number.isInteger(c.season_count) && (c.season_count as number) >= 0);
  const code = (c.country as { code: unknown }).code;
  assert.ok(code === null || (typeof code === 'string' && /^[A-Z]{2}$/.test(code)));
}

export function assertSeason(s: Record<string, unknown>): void {
  assertKeys(s, SEASON_KEYS, 'season');
  assert.match(String(s.id), /^season_/);
  for (const k of ['starts_on', 'ends_on']) assert.ok(s[k] === null || ISO_DATE.test(String(s[k])), k);
  assert.equal(typeof s.is_current, 'boolean');
}

export function assertTeam(t: Record<string, unknown>): void {
  assertKeys(t, TEAM_KEYS, 'team');
  assert.match(String(t.id), /^team_/);
}

export function assertMatch(m: Record<string, unknown>): void {
  assertKeys(m, MATCH_KEYS, 'match');
  assert.match(String(m.id), /^match_/);
  assertKeys(m.competition, ['id', 'name'], 'match.competition');
  assertKeys(m.season, ['id', 'name'], 'match.season');
  assertKeys(m.home_team, MATCH_TEAM_KEYS, 'match.home_team');
  assertKeys(m.away_team, MATCH_TEAM_KEYS, 'match.away_team');
  assertKeys(m.score, SCORE_BREAKDOWN_KEYS, 'match.score');
  assert.ok(m.winner === null || ['home', 'away', 'draw'].includes(String(m.winner)));
  assert.ok(
    m.decided_by === null ||
      ['regular_time', 'extra_time', 'penalties', 'awarded'].includes(String(m.decided_by)),
  );
  assert.ok(m.aggregate === null || typeof m.aggregate === 'object');
  assert.match(String(m.starts_at), ISO_DATE_TIME);
  assert.ok(m.updated_at === null || ISO_DATE_TIME.test(String(m.updated_at)));
  assert.ok(['scheduled', 'live', 'finished', 'postponed', 'canceled', 'unknown'].includes(String(m.status)));
  assert.ok(m.venue === null || typeof m.venue === 'object');
}

/** The one error envelope: exactly {error: {code, message, details}}, and never any internals. */
export function assertError(
  res: LightMyRequestResponse,
  status: number,
  code: string,
): Record<string, unknown> {
  assert.equal(res.statusCode, status, `expected ${status} ${code}, got ${res.statusCode}: ${res.body}`);
  assertJson(res);
  const body = res.json() as { error: { code: string; message: string; details: Record<string, unknown> } };
  assertKeys(body, ['error'], 'error body');
  assertKeys(body.error, ['code', 'message', 'details'], 'error');
  assert.equal(body.error.code, code);
  assert.equal(typeof body.error.message, 'string');
  assert.ok(body.error.message.length > 0);
  assert.ok(
    body.error.details !== null &&
      typeof body.error.details === 'object' &&
      !Array.isArray(body.error.details),
  );
  assert.doesNotMatch(
    res.body,
    /stack|\n\s+at |\.ts:\d|\.js:\d|node_modules|SQLITE|sqlite3/i,
    'no internals',
  );
  return body.error.details;
}

/**
 * `query` with `sort=starts_at` unless it names a sort: the oldest-first order the tests of filters read
 * their lists in (without sort, an unbounded list is newest first: match-list-request.ts orderOf).
 */
export function oldestFirst(query: string): string {
  if (/(^|&)sort=/.test(query)) return query;
  return query === '' ? 'sort=starts_at' : `${query}&sort=starts_at`;
}
