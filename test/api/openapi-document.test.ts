import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import type { OpenApiDocument } from '../support/openapi-validator.js';
import { API } from '../support/api-contract.js';

const LIMIT_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Quota-Limit',
  'X-Quota-Remaining',
  'X-Quota-Reset',
];

test('the OpenAPI document is complete enough to generate a client from', async (t) => {
  const { app } = await buildTestApp(t);
  const document = (await app.inject({ url: `${API}/openapi.json` })).json() as OpenApiDocument;
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
  const keyed = operations.filter(({ operation }) => operation.security?.length !== 0);

  await t.test('every operation has a unique camelCase operationId, a summary and a description', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const { path, operation } of operations) {
      assert.match(String(operation.operationId), /^(get|post|patch|delete)[A-Z][A-Za-z0-9]*$/, path);
      assert.ok(operation.summary, `${path} has a summary`);
      assert.ok(operation.description, `${path} has a description`);
    }
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    assert.equal(
      document.paths[`${API}/football/teams/{team_id}/players`]!.get!.operationId,
      'getFootballTeamsByTeamIdPlayers',
    );
  });

  await t.test('parameters the server defaults are optional', () => {
    for (const { path, operation } of operations) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.schema?.default !== undefined)
          assert.equal(parameter.required, false, `${path} ${parameter.name}`);
      }
    }
    const list = document.paths[`${API}/football/matches`]!.get!.parameters!;
    for (const name of ['page', 'limit'])
      assert.equal(list.find((p) => p.name === name)!.required, false, name);
  });

  await t.test(
    'keyed routes declare every status admission and validation can give, errors in the envelope',
    () => {
      for (const { path, operation } of keyed) {
        for (const status of ['400', '401', '403', '429', '503']) {
          assert.ok(operation.responses[status], `${path} declares ${status}`);
        }
        // 200, or the other success it answers with (201 Created, 204 No Content).
        const successes = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
        assert.equal(successes.length, 1, `${path} declares one success: ${successes.join(', ')}`);
        if (path.includes('{')) assert.ok(operation.responses['404'], `${path} declares 404`);
        for (const status of ['400', '401', '403', '404', '429', '503']) {
          const schema = operation.responses[status]?.content?.['application/json']?.schema;
          if (schema)
            assert.deepEqual(schema, { $ref: '#/components/schemas/ErrorEnvelope' }, `${path} ${status}`);
        }
      }
      const cached = document.paths[`${API}/football/teams`]!.get!;
      assert.equal(cached.responses['304']!.content, undefined, '304 has no body');
    },
  );

  await t.test('the limit headers are integers, ETag a string, Retry-After on 429 and 503', () => {
    const { headers } = document.components;
    for (const name of [...LIMIT_HEADERS, 'Retry-After'])
      assert.equal((headers[name]!.schema as { type: string }).type, 'integer', name);
    assert.equal((headers.ETag!.schema as { type: string }).type, 'string');
    const teams = document.paths[`${API}/football/teams`]!.get!.responses;
    assert.deepEqual(
      Object.keys(teams['200']!.headers!).sort(),
      ['ETag', 'Link', 'X-Request-Id', ...LIMIT_HEADERS].sort(),
    );
    assert.equal(teams['200']!.headers!.Link && 'required' in teams['200']!.headers!.Link, true);
    for (const status of ['429', '503'])
      assert.ok(teams[status]!.headers!['Retry-After'], `${status} Retry-After`);
    assert.ok(teams['401']!.headers!['WWW-Authenticate']);
    assert.equal(
      teams['401']!.headers!['X-Quota-Limit'],
      undefined,
      'a refused key is counted against nothing',
    );
    const account = document.paths[`${API}/account`]!.get!.responses;
    assert.equal(account['200']!.headers!.ETag, undefined, 'no ETag where the route is not cached');
  });

  await t.test('public routes need no key and say so', () => {
    const health = document.paths[`${API}/health`]!.get!;
    assert.deepEqual(health.security, []);
    assert.match(health.description!, /No key needed/);
    assert.equal(health.responses['401'], undefined);
  });
});
