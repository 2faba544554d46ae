import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API, getOk } from '../support/api-contract.js';

/** Every path of the interface, part 4, under the version prefix. */
const CONTRACT_PATHS = [
  '/health',
  '/coverage/summary',
  '/coverage/leagues',
  '/coverage/leagues/{competition_id}',
  '/football/competitions',
  '/football/competitions/{competition_id}',
  '/football/competitions/{competition_id}/seasons',
  '/football/competitions/{competition_id}/seasons/{season_id}/standings',
  '/football/matches',
  '/football/matches/{match_id}',
  ...['stats', 'live-stats', 'lineups', 'timeline', 'live-timeline', 'player-stats', 'live-player-stats'].map(
    (s) => `/football/matches/{match_id}/${s}`,
  ),
  '/football/teams',
  '/football/teams/{team_id}',
  '/football/teams/{team_id}/players',
  '/football/teams/{team_id}/standings',
  '/football/teams/{team_id}/injuries-suspensions',
].map((p) => `${API}${p}`);

/** Touchline's own routes, beyond the contract's (documented in docs/api.md). */
const OWN_PATHS = [
  '/account',
  '/football/changes',
  '/football/live/stream',
  '/football/teams/{team_id}/statistics',
  '/football/teams/{team_id}/ratings',
  '/football/rankings',
  '/football/matches/{match_id}/prediction',
  '/football/competitions/{competition_id}/seasons/{season_id}/rounds',
  '/football/competitions/{competition_id}/seasons/{season_id}/teams',
  '/football/teams/{team_id}/calendar.ics',
  '/football/competitions/{competition_id}/calendar.ics',
  // People, leaders and honours (issue 41).
  '/football/players',
  '/football/players/{player_id}',
  '/football/players/{player_id}/career',
  '/football/coaches',
  '/football/coaches/{coach_id}',
  '/football/referees',
  '/football/referees/{referee_id}',
  '/football/venues',
  '/football/venues/{venue_id}',
  '/football/matches/{match_id}/officials',
  '/football/competitions/{competition_id}/leaders',
  '/football/competitions/{competition_id}/seasons/{season_id}/leaders',
  '/football/competitions/{competition_id}/seasons/{season_id}/honours',
  '/football/teams/{team_id}/honours',
].map((p) => `${API}${p}`);
/** Touchline's routes that are not GETs: the stream tokens of browsers (docs/live-stream.md). */
const POST_PATHS = ['/football/live/stream-tokens'].map((p) => `${API}${p}`);
const CALENDAR_TOKEN_PATHS = ['/football/calendar-tokens', '/football/calendar-tokens/{token_id}'].map(
  (p) => `${API}${p}`,
);
/** Webhook subscriptions (docs/webhooks.md), with the methods each path takes. */
const WEBHOOK_PATHS: Record<string, string[]> = {
  '/webhooks': ['get', 'post'],
  '/webhooks/{webhook_id}': ['delete', 'get', 'patch'],
  '/webhooks/{webhook_id}/rotate-secret': ['post'],
  '/webhooks/{webhook_id}/redeliver': ['post'],
  '/webhooks/{webhook_id}/test': ['post'],
  '/webhooks/{webhook_id}/deliveries': ['get'],
};

interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string; license?: unknown; description: string };
  paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  security: unknown[];
}

test('GET /openapi.json', async (t) => {
  const { app } = await buildTestApp(t);
  const { body: doc } = await getOk<OpenApiDoc>(app, `${API}/openapi.json`);

  await t.test('is an OpenAPI 3.1 document, served without a key', () => {
    assert.match(doc.openapi, /^3\.1\.\d+$/);
    assert.equal(doc.info.version, '1.0.0-beta');
    assert.deepEqual(doc.info.license, { name: 'MIT', identifier: 'MIT' });
    assert.equal(typeof doc.info.title, 'string');
  });

  await t.test('lists every route path of the contract and Touchline’s own, and nothing else', () => {
    assert.deepEqual(
      Object.keys(doc.paths).sort(),
      [
        ...CONTRACT_PATHS,
        ...OWN_PATHS,
        ...POST_PATHS,
        ...CALENDAR_TOKEN_PATHS,
        ...Object.keys(WEBHOOK_PATHS).map((p) => `${API}${p}`),
      ].sort(),
    );
    for (const [path, methods] of Object.entries(WEBHOOK_PATHS)) {
      assert.deepEqual(Object.keys(doc.paths[`${API}${path}`]!).sort(), methods, path);
    }
    // The calendar tokens (docs/api.md, "Calendar feeds"): created, listed and revoked by their key.
    assert.deepEqual(Object.keys(doc.paths[CALENDAR_TOKEN_PATHS[0]!]!).sort(), ['get', 'post']);
    assert.ok(doc.paths[CALENDAR_TOKEN_PATHS[0]!]!.post!.responses['201']);
    assert.deepEqual(Object.keys(doc.paths[CALENDAR_TOKEN_PATHS[1]!]!), ['delete']);
    assert.ok(doc.paths[CALENDAR_TOKEN_PATHS[1]!]!.delete!.responses['204']);
    for (const path of [...CONTRACT_PATHS, ...OWN_PATHS]) {
      assert.deepEqual(Object.keys(doc.paths[path]!), ['get'], `${path} is GET only`);
      assert.ok(doc.paths[path]!.get!.responses['200'], `${path} documents its 200`);
    }
    for (const path of POST_PATHS) {
      assert.deepEqual(Object.keys(doc.paths[path]!), ['post'], `${path} is POST only`);
      assert.ok(doc.paths[path]!.post!.responses['200'], `${path} documents its 200`);
    }
  });

  await t.test(
    'names the document, the reference page and the explorer, each served without a key',
    async () => {
      const info = doc.info as { description: string };
      const links = [...info.description.matchAll(/\]\((\/[^)]+)\)/g)].map((m) => m[1]!);
      assert.deepEqual(links, [`${API}/openapi.json`, `${API}/docs`, `${API}/explorer/`]);
      for (const url of links) {
        const res = await app.inject({ url });
        assert.equal(res.statusCode, 200, url);
        assert.equal(res.headers['x-ratelimit-limit'], undefined, `${url} is counted against nothing`);
        // Pages for people, and the document itself: not operations a generated client would get.
        assert.equal(doc.paths[url.replace(/\/$/, '')], undefined, `${url} is no path of the document`);
      }
    },
  );

  await t.test('declares bearer authentication, lifted only for /health', () => {
    assert.deepEqual(
      Object.values(doc.components.securitySchemes).map((s) => [s.type, s.scheme]),
      [['http', 'bearer']],
    );
    assert.ok(doc.security.length > 0);
    assert.deepEqual(doc.paths[`${API}/health`]!.get!.security, []);
    assert.equal(doc.paths[`${API}/football/competitions`]!.get!.security, undefined, 'inherits bearer');
  });

  await t.test('documents the error envelope for authenticated routes', () => {
    const responses = doc.paths[`${API}/football/matches/{match_id}`]!.get!.responses;
    for (const status of ['401', '404']) assert.ok(responses[status], `documents ${status}`);
    assert.ok(doc.paths[`${API}/health`]!.get!.responses['503'], '/health documents its 503');
  });
});
