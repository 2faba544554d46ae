// The JSON Schema published at docs/feed/feed.schema.json is the one the adapter checks records with, and
// a standard validator reads it as the adapter does: the example document passes both, and the records
// the adapter rejects for their shape are refused by the published schema too.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { feedJsonSchema, PUBLISHED_SCHEMA_PATH } from '../../../src/ingest/feed/published-schema.js';
import { ROOT } from '../../support/cli.js';
import { doc, fixture, normalize, NORTH, type Doc } from '../../support/feed.js';

const REGENERATE = 'npx tsx scripts/write-json-schemas.ts';

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as unknown;

test('the committed schema is the one generated from the definitions', () => {
  assert.deepEqual(
    readJson(PUBLISHED_SCHEMA_PATH),
    feedJsonSchema(),
    `out of date; regenerate it: ${REGENERATE}`,
  );
});

test('a JSON Schema 2020-12 validator accepts what the adapter accepts and refuses what it refuses', () => {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const validate = ajv.compile(readJson(PUBLISHED_SCHEMA_PATH) as object);
  const example = readJson('docs/feed/example.json') as Doc;
  assert.ok(validate(example), JSON.stringify(validate.errors));
  assert.deepEqual(normalize([example]).rejections, []);

  const badRecords: Doc[] = [
    doc([fixture('m1', { date: '2025-8-16' })]),
    doc([fixture('m1', { status: 'over' })]),
    doc([fixture('m1', { score: { home: 1 } })]),
    doc([fixture('m1', { id: 'match_Not-An-Id' })]),
    doc([], { teams: [NORTH, { key: 'two words', name: 'South' }] }),
    doc([], { teams: [NORTH, { key: 'south', id: 'team_0000000000000000', name: 'South' }] }),
    doc([], { seasons: [{ competition: 'exl', key: '25-26' }] }),
  ];
  for (const bad of badRecords) {
    assert.equal(validate(bad), false, JSON.stringify(bad));
    assert.equal(normalize([bad]).rejections.length, 1, JSON.stringify(bad));
  }
});
