// The curated data in data/ (competition rules, zones, adjustments, the OpenAPI examples) against the JSON
// Schemas published beside it: every file names its schema and a standard validator accepts it, each
// committed schema is the one generated from the TypeBox definitions the process checks the files with at
// start-up, and a broken file is refused with a message naming the file and the place in it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { DATA_SCHEMAS, dataJsonSchema } from '../../src/data-schemas.js';
import { checkedData, DATA_DIR, DataFileError, readDataFile } from '../../src/text/data-file.js';
import { ROOT } from '../support/cli.js';

const REGENERATE = 'npx tsx scripts/write-json-schemas.ts';

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;

/**
 * Every file under data/, relative to the repository root, but the starter dataset's: data/starter/ holds
 * a source's own files, unchanged (data/starter/README.md), which its adapter reads and checks as it
 * checks the source's.
 */
function dataFiles(): string[] {
  return fs
    .readdirSync(DATA_DIR, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json') && !name.startsWith(`starter${path.sep}`))
    .map((name) => path.join('data', name))
    .sort();
}

const schemaFiles = () => dataFiles().filter((file) => file.endsWith('.schema.json'));
const contentFiles = () => dataFiles().filter((file) => !file.endsWith('.schema.json'));

/** The definition a data file's `$schema` names, relative to the file. */
function publishedFor(file: string) {
  const named = (readJson(path.join(ROOT, file)) as { $schema?: unknown }).$schema;
  assert.equal(typeof named, 'string', `${file} names its schema in $schema`);
  const schemaFile = path.join(path.dirname(file), named as string);
  const published = DATA_SCHEMAS.find((p) => p.file === schemaFile);
  assert.ok(published, `${file}: its $schema ${String(named)} is one of src/data-schemas.ts`);
  return published;
}

test('data/ is found where the built package looks for it, at the package root', () => {
  assert.equal(path.resolve(DATA_DIR), path.join(ROOT, 'data'));
});

test('each committed schema is the one generated from its definition, and none is left over', () => {
  for (const published of DATA_SCHEMAS) {
    assert.deepEqual(
      readJson(path.join(ROOT, published.file)),
      dataJsonSchema(published),
      `${published.file} is out of date; regenerate it: ${REGENERATE}`,
    );
  }
  assert.deepEqual(schemaFiles(), DATA_SCHEMAS.map((p) => p.file).sort());
});

test('a JSON Schema 2020-12 validator and the start-up check both accept every data file', () => {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const files = contentFiles();
  // The six kinds of file: rules, zones, adjustments, score corrections, the ten files of OpenAPI
  // examples and the two rating systems' rules.
  assert.equal(files.length, 16, files.join(', '));
  const used = new Set<string>();
  for (const file of files) {
    const published = publishedFor(file);
    used.add(published.file);
    const validate =
      ajv.getSchema(published.file) ?? ajv.compile({ ...dataJsonSchema(published), $id: published.file });
    const value = readJson(path.join(ROOT, file));
    assert.ok(validate(value), `${file}: ${JSON.stringify(validate.errors)}`);
    assert.doesNotThrow(() => checkedData(file, value, published.schema));
  }
  assert.equal(used.size, DATA_SCHEMAS.length, 'every schema has a file that follows it');
});

/** A parsed data file, walked by the tests that break it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any path of any file, written as in JSON
type Parsed = any;

/** A copy of a data file with `change` applied, written to a folder of its own. */
function brokenCopy(
  t: { after(fn: () => void): void },
  file: string,
  change: (value: Parsed) => void,
): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-data-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const value = readJson(path.join(ROOT, file));
  change(value);
  const copy = path.join(dir, path.basename(file));
  fs.writeFileSync(copy, JSON.stringify(value));
  return copy;
}

/** The error readDataFile throws for `file`. */
function refusal(file: string, schema: (typeof DATA_SCHEMAS)[number]): DataFileError {
  try {
    readDataFile(file, schema.schema);
  } catch (error) {
    assert.ok(error instanceof DataFileError, String(error));
    return error;
  }
  assert.fail(`${file} was accepted`);
}

const [RULES, ZONES, ADJUSTMENTS, EXAMPLES] = DATA_SCHEMAS as [
  (typeof DATA_SCHEMAS)[number],
  (typeof DATA_SCHEMAS)[number],
  (typeof DATA_SCHEMAS)[number],
  (typeof DATA_SCHEMAS)[number],
];

test('a misspelt tiebreaker is refused with the file, the place in it and the values allowed', (t) => {
  const file = brokenCopy(t, 'data/standings/competition-rules.json', (value) => {
    value.competitions[2].eras[0].rules.tiebreakers[1] = 'goal_scored';
  });
  const { message } = refusal(file, RULES!);
  assert.ok(message.startsWith(`${file} does not follow its schema: `), message);
  assert.match(message, /\/competitions\/2\/eras\/0\/rules\/tiebreakers\/1: Expected union value/);
  assert.match(message, /one of "goal_difference", "goals_for", .*"head_to_head_away_goals"/);
  assert.match(message, /got "goal_scored"/);
});

test('an unknown field, a missing reference and a malformed season key are each refused where they are', (t) => {
  const zones = brokenCopy(t, 'data/standings/competition-zones.json', (value) => {
    value.eras[0].zones[1].descripton = value.eras[0].zones[1].description;
  });
  assert.match(refusal(zones, ZONES!).message, /\/eras\/0\/zones\/1\/descripton: Unexpected property/);

  const adjustments = brokenCopy(t, 'data/standings/adjustments.json', (value) => {
    delete value.adjustments[4].reference;
    value.adjustments[5].season = '2011/12';
  });
  const { message } = refusal(adjustments, ADJUSTMENTS!);
  assert.match(message, /\/adjustments\/4/);
  assert.match(message, /\/adjustments\/5/);

  const examples = brokenCopy(t, 'data/openapi-examples/teams.json', (value) => {
    value.examples['football/teams'] = { '200': {} };
  });
  assert.match(refusal(examples, EXAMPLES!).message, /\/examples\/football~1teams: Unexpected property/);
});

test('a file that is not JSON, or not there, is refused with its name', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-data-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const truncated = path.join(dir, 'competition-rules.json');
  fs.writeFileSync(truncated, '{"competitions": [');
  assert.match(refusal(truncated, RULES!).message, new RegExp(`^${truncated} is not JSON: `));
  const missing = path.join(dir, 'absent.json');
  assert.match(refusal(missing, RULES!).message, new RegExp(`^${missing} cannot be read: `));
});

test('the tables read from the files are frozen: no request can change them for the next', () => {
  const value = checkedData(
    'test.json',
    readJson(path.join(ROOT, 'data/standings/adjustments.json')),
    ADJUSTMENTS!.schema,
  ) as {
    adjustments: Array<{ points: number }>;
  };
  assert.throws(() => {
    value.adjustments[0]!.points = 0;
  }, TypeError);
});
