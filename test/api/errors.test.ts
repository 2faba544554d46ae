import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API, assertError } from '../support/api-contract.js';

const UNKNOWN = {
  comp: 'comp_0000000000000000',
  season: 'season_0000000000000000',
  team: 'team_0000000000000000',
  match: 'match_0000000000000000',
};
const MATCH_SUBS = [
  'stats',
  'live-stats',
  'lineups',
  'timeline',
  'live-timeline',
  'player-stats',
  'live-player-stats',
];

/** [url, parameter named in details] */
const INVALID: Array<[string, string | string[]]> = [
  ['/football/competitions?page=0', 'page'],
  ['/football/competitions?page=abc', 'page'],
  ['/football/competitions?page=-1', 'page'],
  ['/football/competitions?page=1.5', 'page'],
  ['/football/competitions?page=99999999999999999999', 'page'],
  ['/football/teams?limit=0', 'limit'],
  ['/football/teams?limit=101', 'limit'],
  ['/football/matches?limit=ten', 'limit'],
  ['/coverage/leagues?limit=101', 'limit'],
  [`/football/competitions?q=${'x'.repeat(101)}`, 'q'],
  [`/football/teams?q=${'x'.repeat(101)}`, 'q'],
  ['/football/teams?q=', 'q'],
  ['/football/competitions?country_code=GBR', 'country_code'],
  ['/football/competitions?country_code=G', 'country_code'],
  ['/football/matches?status=bogus', 'status'],
  ['/football/matches?status=FINISHED', 'status'],
  ['/football/matches?date_from=2023-13-01', 'date_from'],
  ['/football/matches?date_from=2023-02-30', 'date_from'],
  ['/football/matches?date_to=2023-1-1', 'date_to'],
  ['/football/matches?date_to=yesterday', 'date_to'],
  ['/football/matches?foo=1', 'foo'],
  ['/football/teams?foo=1', 'foo'],
  ['/football/competitions?search=bayern', 'search'],
  ['/coverage/leagues?q=x', 'q'],
  ['/football/matches?date_from=2023-09-01&date_to=2023-08-31', ['date_from', 'date_to']],
  ['/football/matches?team_id=bayern', 'team_id'],
  [`/football/matches?team_id=${UNKNOWN.comp}`, 'team_id'],
  ['/football/matches?competition_id=en.1', 'competition_id'],
  ['/football/matches?season_id=2023-24', 'season_id'],
  // A NUL byte or another control character is bad input, never a lookup (PostgreSQL refuses NUL).
  ['/football/teams?q=Arsenal%00', 'q'],
  ['/football/competitions?q=%00', 'q'],
  ['/football/teams?q=a%0Ab', 'q'],
  [`/football/matches?team_id=team_%00`, 'team_id'],
  ['/football/matches/match_%00', 'match_id'],
  ['/football/matches/match_00%0000/lineups', 'match_id'],
  ['/football/teams/%00', 'team_id'],
  ['/football/competitions/comp_x%00/seasons', 'competition_id'],
];

const NOT_FOUND = [
  `/football/competitions/${UNKNOWN.comp}`,
  `/football/competitions/${UNKNOWN.comp}/seasons`,
  `/coverage/leagues/${UNKNOWN.comp}`,
  `/football/matches/${UNKNOWN.match}`,
  ...MATCH_SUBS.map((s) => `/football/matches/${UNKNOWN.match}/${s}`),
  `/football/teams/${UNKNOWN.team}`,
  `/football/teams/${UNKNOWN.team}/players`,
  `/football/teams/${UNKNOWN.team}/standings`,
  `/football/teams/${UNKNOWN.team}/injuries-suspensions`,
  // Identifiers of another type or with no prefix name nothing.
  '/football/competitions/en.1',
  `/football/teams/${UNKNOWN.match}`,
  `/football/teams/team_${'x'.repeat(200)}`,
];

test('errors', async (t) => {
  const { app, auth, ids } = await buildTestApp(t);
  const get = (url: string) => app.inject({ url: `${API}${url}`, headers: auth() });

  await t.test('400 invalid_parameter names the parameter', async (tt) => {
    for (const [url, parameter] of INVALID) {
      await tt.test(url.slice(0, 90), async () => {
        const details = assertError(await get(url), 400, 'invalid_parameter');
        const expected = Array.isArray(parameter) ? parameter : [parameter];
        assert.ok(
          expected.includes(String(details.parameter)),
          `details.parameter ${String(details.parameter)}`,
        );
      });
    }
  });

  await t.test('a control character is named as the reason, in a query or a path', async () => {
    for (const url of ['/football/teams?q=x%00', '/football/matches/match_%00']) {
      const details = assertError(await get(url), 400, 'invalid_parameter');
      assert.equal(details.reason, 'must not contain control characters', url);
    }
  });

  await t.test('routes that take no query parameters reject unknown ones', async () => {
    for (const [url, parameter] of [
      ['/coverage/summary?foo=1', 'foo'],
      [`/coverage/leagues/${ids.competitions.en1}?page=2`, 'page'],
      [`/football/competitions/${ids.competitions.en1}/seasons?limit=5`, 'limit'],
      [`/football/teams/${ids.teams.bayern}?q=x`, 'q'],
      [`/football/teams/${ids.teams.bayern}/players?season_id=${ids.seasons.de1_2023}`, 'season_id'],
      [`/football/matches/${ids.matches.noTime}?foo=1`, 'foo'],
      [`/football/matches/${ids.matches.noTime}/stats?team_id=${ids.teams.manCity}`, 'team_id'],
    ] as const) {
      const details = assertError(await get(url), 400, 'invalid_parameter');
      assert.equal(details.parameter, parameter, url);
    }
  });

  await t.test('the reason is readable and the message names the parameter', async () => {
    const res = await get('/football/teams?limit=101');
    const body = res.json();
    assert.match(body.error.message, /limit/);
    assert.equal(typeof body.error.details.reason, 'string');
  });

  await t.test('404 not_found for unknown identifiers on every single-resource path', async (tt) => {
    for (const url of NOT_FOUND) {
      await tt.test(url.slice(0, 90), async () => {
        assertError(await get(url), 404, 'not_found');
      });
    }
  });

  await t.test('404 for standings of an unknown competition or season', async () => {
    const base = `/football/competitions/${ids.competitions.en1}/seasons`;
    assertError(await get(`${base}/${UNKNOWN.season}/standings`), 404, 'not_found');
    const unknownComp = `/football/competitions/${UNKNOWN.comp}/seasons/${ids.seasons.en1_2023}/standings`;
    assertError(await get(unknownComp), 404, 'not_found');
  });

  await t.test('404 for a season that belongs to another competition', async () => {
    const url = `/football/competitions/${ids.competitions.de1}/seasons/${ids.seasons.en1_2023}/standings`;
    assertError(await get(url), 404, 'not_found');
  });

  await t.test('404 for well-formed but unknown identifiers in /football/matches filters', async () => {
    for (const [parameter, id] of [
      ['team_id', UNKNOWN.team],
      ['competition_id', UNKNOWN.comp],
      ['season_id', UNKNOWN.season],
    ] as const) {
      const details = assertError(await get(`/football/matches?${parameter}=${id}`), 404, 'not_found');
      assert.equal(details.parameter, parameter);
    }
  });

  await t.test(
    '404 not_found for unknown paths, 405 with Allow for a known path and another method',
    async () => {
      for (const url of [
        '/nope',
        '/football',
        '/football/transfers',
        `/football/matches/${ids.matches.noTime}/odds`,
      ]) {
        assertError(await get(url), 404, 'not_found');
      }
      assertError(await app.inject({ url: '/', headers: auth() }), 404, 'not_found');
      assertError(await app.inject({ url: '/api/v2/health' }), 404, 'not_found');
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
        // No key needed, as for an unknown path: the method is wrong whoever asks.
        for (const url of [
          `${API}/football/teams?q=x`,
          `${API}/football/matches/${ids.matches.noTime}`,
          `${API}/health`,
        ]) {
          const res = await app.inject({ method, url });
          assertError(res, 405, 'method_not_allowed');
          assert.equal(res.headers.allow, 'GET, HEAD', `${method} ${url}`);
        }
      }
      assertError(await app.inject({ method: 'POST', url: `${API}/nope` }), 404, 'not_found');
    },
  );

  await t.test('a malformed percent-encoding in the path is a 400 in the same envelope', async () => {
    assertError(await get('/football/teams/%E0%A4%A'), 400, 'invalid_parameter');
  });

  await t.test('error answers carry X-Request-Id and no ETag', async () => {
    const res = await get('/football/matches?status=bogus');
    assert.match(String(res.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    assert.equal(res.headers.etag, undefined);
  });
});
