// A route is one declaration: a throwaway route added to a test app gets validation, admission, caching,
// ETag and 304, compression and its OpenAPI entry from what it declares, and nothing else.
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { test, type TestContext } from 'node:test';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ROUTES } from '../../src/api/app.js';
import { notFound } from '../../src/api/errors/catalogue.js';
import { answerHandler, type Answer, type RouteDeps } from '../../src/api/route-context.js';
import { errorResponses } from '../../src/api/schemas/common.js';
import { issueApiKey } from '../../src/auth/api-keys.js';
import { openStorage } from '../../src/storage/connection.js';
import { migrateToLatest } from '../../src/storage/migrations/migrate.js';
import { insertApiKey } from '../../src/storage/repositories/api-key.repository.js';
import { appOnStorage } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';

const Widget = Type.Object({ id: Type.String(), size: Type.Integer(), note: Type.String() });

/** A widget route counting the reads of its answer: a body large enough to be compressed. */
function widgets(reads: string[], cacheScope: readonly string[] = ['widget_id']) {
  const answer: Answer = (params, query) => {
    const id = params.widget_id!;
    reads.push(id);
    if (id === 'wid_missing') throw notFound('Widget', id);
    return JSON.stringify({ data: { id, size: query.size, note: 'x'.repeat(4000) } });
  };
  const plugin: FastifyPluginAsyncTypebox<RouteDeps> = async (app) => {
    app.get(
      '/football/widgets/:widget_id',
      {
        config: { cache: true, cacheScope },
        schema: {
          summary: 'One widget',
          tags: ['widgets'],
          params: Type.Object({ widget_id: Type.String({ pattern: '^wid_[a-z]+$' }) }),
          querystring: Type.Object(
            { size: Type.Integer({ minimum: 1, maximum: 5, default: 3 }) },
            { additionalProperties: false },
          ),
          response: { 200: Type.Object({ data: Widget }), ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      answerHandler(answer),
    );
  };
  return plugin;
}

async function widgetApp(t: TestContext, routes: (reads: string[]) => FastifyPluginAsyncTypebox<RouteDeps>) {
  const database = await createTestDatabase('widgets.db');
  const storage = openStorage(database.url);
  t.after(async () => {
    await storage.close().catch(() => undefined);
    await database.drop();
  });
  await migrateToLatest(storage);
  const issued = issueApiKey('development', 'widgets', new Date());
  await insertApiKey(storage.db, issued.row);
  const reads: string[] = [];
  const built = await appOnStorage(storage, { routes: [...ROUTES, routes(reads)], compression: true });
  t.after(() => built.app.close());
  return { ...built, reads, auth: { authorization: `Bearer ${issued.key}` } };
}

test('validation, admission, caching, ETag, compression and the OpenAPI entry follow from the declaration', async (t) => {
  const { app, reads, auth } = await widgetApp(t, (reads) => widgets(reads));
  const url = '/api/v1/football/widgets/wid_abc';

  // Admission: no key, no answer, and nothing read.
  const anonymous = await app.inject({ url });
  assert.equal(anonymous.statusCode, 401);
  assert.match(String(anonymous.headers['www-authenticate']), /^Bearer/);
  assert.deepEqual(reads, []);

  // Validation: the declared parameter and query schemas, in the error envelope.
  for (const bad of ['/api/v1/football/widgets/nope', `${url}?size=9`, `${url}?colour=red`]) {
    const refused = await app.inject({ url: bad, headers: auth });
    assert.equal(refused.statusCode, 400, bad);
    assert.equal(refused.json().error.code, 'invalid_parameter', bad);
  }
  assert.deepEqual(reads, []);

  // The answer, with the query's default, an ETag and the limit headers; then from the cache.
  const first = await app.inject({ url, headers: auth });
  assert.equal(first.statusCode, 200);
  assert.equal(first.json().data.size, 3);
  assert.ok(first.headers['x-ratelimit-remaining'] !== undefined);
  const etag = String(first.headers.etag);
  assert.match(etag, /^W\//);
  const again = await app.inject({ url: `${url}?size=3`, headers: auth });
  assert.equal(again.statusCode, 200);
  assert.equal(again.headers.etag, etag, 'the same validated request, the same answer');
  assert.deepEqual(reads, ['wid_abc'], 'read once, then answered from the cache');

  // Conditional requests: 304 on a match.
  const notModified = await app.inject({ url, headers: { ...auth, 'if-none-match': etag } });
  assert.equal(notModified.statusCode, 304);
  assert.equal(notModified.body, '');

  // Compression by Accept-Encoding, of the same body.
  const gzipped = await app.inject({ url, headers: { ...auth, 'accept-encoding': 'gzip' } });
  assert.equal(gzipped.headers['content-encoding'], 'gzip');
  const plain = JSON.parse(gunzipSync(gzipped.rawPayload).toString());
  assert.deepEqual(plain.data, first.json().data);

  // An error the answer throws is the envelope's, and is not cached.
  const missing = await app.inject({ url: '/api/v1/football/widgets/wid_missing', headers: auth });
  assert.equal(missing.statusCode, 404);
  assert.equal(missing.json().error.code, 'not_found');

  // The OpenAPI document describes it from the same declaration.
  const document = (await app.inject({ url: '/api/v1/openapi.json' })).json();
  const operation = document.paths['/api/v1/football/widgets/{widget_id}']?.get;
  assert.ok(operation, 'the route is in the document');
  assert.equal(operation.summary, 'One widget');
  assert.ok(operation.responses['200'] && operation.responses['404'] && operation.responses['401']);
  assert.deepEqual(
    operation.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort(),
    ['header:If-None-Match', 'path:widget_id', 'query:size'],
  );
});

test('a cache scope must name parameters of the route’s path', async (t) => {
  await assert.rejects(
    widgetApp(t, (reads) => widgets(reads, ['gadget_id'])),
    /cacheScope names gadget_id, not a parameter of its path/,
  );
});
