// The captured examples of data/openapi-examples/ are the examples of the OpenAPI document: every one of
// them is shown on a response the document declares (so none is left behind when a route or a status
// goes), exactly as captured. That each is accepted by its response's schema is checked by
// test/api/openapi-responses.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capturedExample, capturedExamples } from '../../src/api/openapi/examples/captured.js';
import { buildTestApp } from '../support/build-app.js';
import type { OpenApiDocument } from '../support/openapi-validator.js';
import { API } from '../support/api-contract.js';

test('every captured example is the example of a response the OpenAPI document declares', async (t) => {
  const { app } = await buildTestApp(t);
  const document = (await app.inject({ url: `${API}/openapi.json` })).json() as OpenApiDocument;
  const examples = capturedExamples();
  assert.ok(examples.length >= 20, `${examples.length} examples`);
  for (const { path, status } of examples) {
    const item = document.paths[`${API}${path}`];
    assert.ok(item, `${path} (data/openapi-examples) is a path of the document`);
    const shown = Object.values(item)
      .map((operation) => operation.responses[status]?.content?.['application/json']?.example)
      .filter((example) => example !== undefined);
    // Every operation of the path answering with the status shows it (GET and PATCH of one resource, say).
    assert.ok(shown.length >= 1, `${path} ${status} is shown`);
    for (const example of shown) {
      assert.deepEqual(
        example,
        capturedExample(path, status),
        `${path} ${status} shows its captured example`,
      );
    }
  }
});
