// The README's configuration table and the environment schema (src/config/environment-schema.ts) say the
// same: every variable of the schema has a row with its default, and every row is a variable the
// configuration reads.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { variables } from '../../../src/config/read-environment.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The configuration table's rows: variable name to its default cell, as written. */
function readmeRows(): Map<string, string> {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration\n'));
  assert.ok(section, 'the README has a Configuration section');
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const m = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|([^|]*)\|/.exec(line);
    if (!m) continue;
    assert.ok(!rows.has(m[1]!), `${m[1]} has one row`);
    rows.set(m[1]!, m[2]!.trim());
  }
  return rows;
}

/**
 * Variables read by the configuration files not (yet) on the schema, such as stream-config.ts: the
 * names they quote. Keeps their README rows legitimate until they move onto the schema.
 */
function readOutsideTheSchema(): Set<string> {
  const dir = path.join(ROOT, 'src', 'config');
  const names = new Set<string>();
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith('.ts') || file === 'environment-schema.ts') continue;
    for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/'(TOUCHLINE_[A-Z0-9_]+)'/g)) {
      names.add(m[1]!);
    }
  }
  return names;
}

test('every variable of the schema is in the README table, with its default', () => {
  const rows = readmeRows();
  for (const [name, schema] of variables()) {
    const expected =
      schema.documentedDefault ?? (schema.default === undefined ? 'unset' : `\`${String(schema.default)}\``);
    assert.ok(rows.has(name), `${name} has a row in the README's configuration table`);
    assert.equal(rows.get(name), expected, `${name}'s default in the README`);
    assert.ok((schema.description ?? '').length > 0, `${name} has a description`);
  }
});

test('every variable of the README table is one the configuration reads', () => {
  const known = new Set<string>([...variables().map(([name]) => name), ...readOutsideTheSchema()]);
  for (const name of readmeRows().keys()) {
    assert.ok(known.has(name), `${name} is in the README but no configuration reads it`);
  }
});
