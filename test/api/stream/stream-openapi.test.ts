// The stream's operation in the OpenAPI document, held to the real answers: its 200 (a stream, read on a
// listening server: test/api/openapi-responses.test.ts reads answers with app.inject, which cannot end
// one) and every error, which app.inject reads as it does any route's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { LimitsUnavailableError } from '../../../src/limits/limits-unavailable.js';
import { decision, type LimitStore } from '../../../src/limits/limit-store.js';
import { buildTestApp } from '../../support/build-app.js';
import { OpenApiValidator, type OpenApiDocument } from '../../support/openapi-validator.js';
import { openStream } from '../../support/stream/sse-client.js';
import { streamApp } from '../../support/stream/stream-app.js';

const PATH = '/api/v1/football/live/stream';

const usedUp: LimitStore = {
  consume: async (request) =>
    decision(request, { exceeded: 'rate', inWindow: 99, used: 0, oldestInWindow: request.now - 1000 }),
  usage: async () => 0,
  close: async () => undefined,
};
const failing: LimitStore = {
  consume: async () => {
    throw new LimitsUnavailableError('the counters do not answer (test)');
  },
  usage: async () => 0,
  close: async () => undefined,
};

test('the live stream answers as the OpenAPI document says', async (t) => {
  const built = await buildTestApp(t);
  const { app, ids, auth, keys } = built;
  const document = (await app.inject({ url: '/api/v1/openapi.json' })).json() as OpenApiDocument;
  const validator = new OpenApiValidator(document);
  const operation = validator.operation(PATH);
  assert.deepEqual(Object.keys(operation.responses).sort(), [
    '200',
    '400',
    '401',
    '403',
    '404',
    '429',
    '503',
  ]);
  assert.ok(operation.responses['200']!.content!['text/event-stream'], 'the 200 is an event stream');
  assert.equal(
    validator.operation('/api/v1/football/live/stream-tokens', 'post').operationId,
    'postFootballLiveStreamTokens',
  );

  await t.test('its 200, on a listening server', async (tt) => {
    const { base } = await streamApp(tt, built.storage);
    const stream = await openStream(`${base}/football/live/stream?match_id=${ids.matches.scheduled}`, auth());
    stream.close();
    const answer = {
      statusCode: stream.status,
      headers: stream.headers,
      body: '',
    } as unknown as LightMyRequestResponse;
    assert.deepEqual(validator.validate(PATH, answer), []);
  });

  await t.test('its errors', async (tt) => {
    const limited = await streamApp(tt, built.storage, { app: { limits: usedUp } });
    const unavailable = await streamApp(tt, built.storage, { app: { limits: failing } });
    const cases: Array<[string, typeof app, string, Record<string, string>, number]> = [
      ['no key', app, '', {}, 401],
      ['an inactive key', app, '', auth(keys.inactive), 403],
      ['an unknown match', app, '?match_id=match_4x7k2m9q8w1z5v3n', auth(), 404],
      [
        'both filters',
        app,
        `?match_id=${ids.matches.scheduled}&competition_id=${ids.competitions.en1}`,
        auth(),
        400,
      ],
      ['an unknown parameter', app, '?page=1', auth(), 400],
      ['a used-up minute', limited.app, '', auth(), 429],
      ['counters that cannot answer', unavailable.app, '', auth(), 503],
    ];
    for (const [why, target, query, headers, status] of cases) {
      const res = await target.inject({ url: `${PATH}${query}`, headers });
      assert.equal(res.statusCode, status, `${why}: ${res.body}`);
      assert.deepEqual(validator.validate(PATH, res), [], why);
    }
  });
});
