import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { LimitsUnavailableError } from '../../src/limits/limits-unavailable.js';
import { decision, type LimitStore } from '../../src/limits/limit-store.js';
import { buildTestApp, type TestApp } from '../support/build-app.js';
import { OpenApiValidator, type OpenApiDocument } from '../support/openapi-validator.js';
import { appOnStorage } from '../support/test-app.js';
import { API } from '../support/api-contract.js';

/** Counters that refuse every request for its minute (429), or cannot decide at all (503). */
const usedUp: LimitStore = {
  consume: async (request) =>
    decision(request, {
      exceeded: 'rate',
      inWindow: request.plan.requestsPerMinute,
      used: 0,
      oldestInWindow: request.now - 1000,
    }),
  usage: async () => 0,
  close: async () => undefined,
};
const unavailable: LimitStore = {
  consume: async () => {
    throw new LimitsUnavailableError('the counters do not answer (test)');
  },
  usage: async () => 0,
  close: async () => undefined,
};

interface Case {
  why: string;
  app: FastifyInstance;
  url: string;
  headers?: Record<string, string>;
  status: number;
}

/** The body an operation takes, as its document's example shows it (a write's), else none. */
const bodyOf = (operation: OpenApiDocument['paths'][string][string]) =>
  (operation as { requestBody?: { content?: Record<string, { example?: unknown }> } }).requestBody?.content?.[
    'application/json'
  ]?.example;

/** Every operation of the document, by path and method. */
function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
}

/**
 * Whether the operation's 200 is a stream, which app.inject cannot read to its end: the live stream,
 * checked against the document on a listening server by test/api/stream/stream-openapi.test.ts.
 */
const streams = (operation: OpenApiDocument['paths'][string][string]) =>
  operation.responses['200']?.content?.['text/event-stream'] !== undefined;

/** A player, coach, referee and venue, which the fixture's source has none of (made up, written as rows). */
async function addPeople({ storage }: TestApp) {
  const at = { source: 'test', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };
  const person = { given_name: 'Ada', family_name: 'Example', gender: 'women', search_name: 'ada example' };
  await storage.db
    .insertInto('players')
    .values({ id: 'player_sample', name: 'Ada Example', date_of_birth: null, ...person, ...at })
    .execute();
  await storage.db
    .insertInto('coaches')
    .values({ id: 'coach_sample', name: 'Ada Example', country_name: null, ...person, ...at })
    .execute();
  await storage.db
    .insertInto('referees')
    .values({
      id: 'referee_sample',
      name: 'Ada Example',
      country_name: null,
      confederation: null,
      ...person,
      ...at,
    })
    .execute();
  await storage.db
    .insertInto('venues')
    .values({
      id: 'venue_sample',
      name: 'Example Park',
      city: null,
      country: null,
      capacity: null,
      search_name: 'example park',
      ...at,
    })
    .execute();
}

/** A value for each path parameter, from the fixture; a route with another needs one added here. */
function samples({ ids }: TestApp): Record<string, string> {
  return {
    competition_id: ids.competitions.en1,
    season_id: ids.seasons.en1_2023,
    team_id: ids.teams.arsenal,
    match_id: ids.matches.burnleyCity,
    player_id: 'player_sample',
    coach_id: 'coach_sample',
    referee_id: 'referee_sample',
    venue_id: 'venue_sample',
    // Made anew before each valid request (see tokenFor): a token is revoked once.
    token_id: 'ctk_unset',
    // Likewise: a subscription is deleted once.
    webhook_id: 'whk_unset',
  };
}

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    assert.ok(values[name], `a sample value for path parameter ${name} (test/api/openapi-responses.test.ts)`);
    return values[name]!;
  });
}

test('every route answers as the OpenAPI document says', async (t) => {
  const fixture = await buildTestApp(t);
  const { app, storage, keys, auth } = fixture;
  const limited = (await appOnStorage(storage, { limits: usedUp })).app;
  const failing = (await appOnStorage(storage, { limits: unavailable })).app;
  t.after(async () => {
    await limited.close();
    await failing.close();
  });
  const document = (await app.inject({ url: `${API}/openapi.json` })).json() as OpenApiDocument;
  const validator = new OpenApiValidator(document);
  await addPeople(fixture);
  const values = samples(fixture);
  const answered = new Map<string, Set<string>>();

  for (const { path, method, operation } of operationsOf(document)) {
    if (streams(operation)) continue;
    const verb = method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'DELETE';
    // The success an operation declares: 200, or 201 Created, 204 No Content.
    const success = Number(Object.keys(operation.responses).find((status) => status.startsWith('2')));
    const name = method === 'get' ? path : `${verb} ${path}`;
    await t.test(name, async () => {
      const keyed = !(operation.security?.length === 0);
      // A route revoking a calendar token revokes one made for it (with the key the cases use).
      if (path.includes('{token_id}')) {
        const made = await app.inject({
          method: 'POST',
          url: `${API}/football/calendar-tokens`,
          headers: auth(),
        });
        values.token_id = (made.json() as { data: { id: string } }).data.id;
      }
      // Likewise a webhook subscription (the example's own body), each deleted in its turn by DELETE.
      if (path.includes('{webhook_id}')) {
        const made = await app.inject({
          method: 'POST',
          url: `${API}/webhooks`,
          payload: { url: 'https://hooks.example.com/touchline', event_types: ['match.goal'] },
          headers: auth(),
        });
        assert.equal(made.statusCode, 201, made.body);
        values.webhook_id = (made.json() as { data: { id: string } }).data.id;
      }
      const payload = bodyOf(operation) as object | undefined;
      const url = fill(path, values);
      const statuses = new Set<string>();
      answered.set(name, statuses);
      const run = async ({ why, app: target, url: asked, headers = {}, status }: Case) => {
        const res = await target.inject({
          method: verb,
          url: asked,
          headers,
          ...(payload ? { payload } : {}),
        });
        assert.equal(
          res.statusCode,
          status,
          `${why}: ${verb} ${asked} answered ${res.statusCode} ${res.body}`,
        );
        assert.deepEqual(validator.validate(path, res, method), [], `${why}: ${verb} ${asked} as documented`);
        statuses.add(String(res.statusCode));
        return res;
      };

      const ok = await run({
        why: 'a valid request',
        app,
        url,
        headers: keyed ? auth() : {},
        status: success,
      });
      if (!keyed) return;
      if (operation.responses['304']) {
        const etag = String(ok.headers.etag);
        await run({ why: 'its ETag', app, url, headers: { ...auth(), 'if-none-match': etag }, status: 304 });
      }
      await run({ why: 'no key', app, url, status: 401 });
      await run({ why: 'a revoked key', app, url, headers: auth(keys.revoked), status: 401 });
      await run({ why: 'an inactive subscription', app, url, headers: auth(keys.inactive), status: 403 });
      await run({
        why: 'an unknown parameter',
        app,
        url: `${url}?page_size=10`,
        headers: auth(),
        status: 400,
      });
      // An identifier that names nothing: the route's own (the last in its path), else a filter's.
      const unknownId = (name: string) => `${values[name]!.replace(/[0-9a-z]+$/, '')}4x7k2m9q8w1z5v3n`;
      const last = [...path.matchAll(/\{([^}]+)\}/g)].at(-1)?.[1];
      const filter = operation.parameters?.find((p) => p.in === 'query' && values[p.name])?.name;
      if (last) {
        const unknown = fill(path, { ...values, [last]: unknownId(last) });
        await run({ why: `an unknown ${last}`, app, url: unknown, headers: auth(), status: 404 });
      } else if (filter && operation.responses['404']) {
        const unknown = `${url}?${filter}=${unknownId(filter)}`;
        await run({ why: `an unknown ${filter}`, app, url: unknown, headers: auth(), status: 404 });
      }
      await run({ why: 'a used-up minute', app: limited, url, headers: auth(), status: 429 });
      await run({ why: 'counters that cannot answer', app: failing, url, headers: auth(), status: 503 });
    });
  }

  await t.test('every response declared has an example that its schema accepts', () => {
    for (const { path, method, operation } of operationsOf(document)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        if (!media) continue;
        assert.notEqual(
          media.example,
          undefined,
          `${path} ${status} has an example (src/api/openapi/examples)`,
        );
        const pointer = ['paths', path, method, 'responses', status, 'content', 'application/json', 'schema'];
        assert.deepEqual(validator.check(pointer, media.example), [], `${path} ${status}: its example`);
      }
    }
  });

  await t.test('the validator finds what breaks the document', async () => {
    const path = `${API}/football/teams/{team_id}`;
    const res = await app.inject({ url: fill(path, values), headers: auth() });
    assert.deepEqual(validator.validate(path, res), []);
    const body = res.json() as { data: Record<string, unknown> };
    const pointer = ['paths', path, 'get', 'responses', '200', 'content', 'application/json', 'schema'];
    assert.notDeepEqual(validator.check(pointer, { data: { ...body.data, id: 7 } }), []);
    assert.notDeepEqual(validator.check(pointer, { data: { ...body.data, slug: undefined } }), []);
    res.headers['x-ratelimit-remaining'] = 'many';
    delete res.headers.etag;
    const problems = validator.validate(path, res).join('\n');
    assert.match(problems, /X-RateLimit-Remaining=many: must be integer/);
    assert.match(problems, /ETag is required but absent/);
  });

  await t.test('the statuses every keyed route declares are those it answered with here', () => {
    for (const { path, method, operation } of operationsOf(document)) {
      const statuses = answered.get(method === 'get' ? path : `${method.toUpperCase()} ${path}`);
      if (!statuses) continue;
      const declared = Object.keys(operation.responses).sort();
      const keyed = !(operation.security?.length === 0);
      // /health's 503 (a degraded dependency) is checked in health-degraded.test.ts; a key's calendar
      // tokens beyond the cap (409) in calendar-tokens.test.ts.
      const elsewhere = declared.filter((status) => status !== '409');
      if (keyed) assert.deepEqual([...statuses].sort(), elsewhere, path);
    }
  });
});
