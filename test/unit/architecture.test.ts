// The rooms below the API take nothing from it: storage/, ingest/, live/, cache/, metrics/ (and the other
// lower rooms) import no module under src/api/, so a change to the API cannot reach into them; what they
// share with it (statuses, event types, ID prefixes) is in src/vocabulary/, which imports no room at all,
// and how a match is shown is in src/representation/, which imports nothing but the vocabulary.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const SRC = path.resolve(import.meta.dirname, '../../src');
const LOWER_ROOMS = [
  'storage',
  'ingest',
  'live',
  'cache',
  'metrics',
  'stream',
  'limits',
  'auth',
  'provenance',
  'vocabulary',
  'representation',
  'projections',
];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The modules a file imports (static, type-only, re-exports and dynamic), resolved to paths under src/. */
export function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.relative(SRC, path.resolve(path.dirname(file), specifier)));
}

const room = (relative: string) => relative.split(path.sep)[0]!;

test('the import scan sees every kind of import', () => {
  const dir = fs.mkdtempSync(path.join(SRC, '..', '.architecture-'));
  try {
    const file = path.join(dir, 'x.ts');
    fs.writeFileSync(
      file,
      [
        "import { a } from '../src/api/a.js';",
        "import type { B } from '../src/api/b.js';",
        "export { c } from '../src/api/c.js';",
        "import '../src/api/d.js';",
        "const e = await import('../src/api/e.js');",
        'import {',
        '  f,',
        "} from '../src/api/f.js';",
        "import fs from 'node:fs';",
      ].join('\n'),
    );
    assert.deepEqual(
      importsOf(file).map((p) => p.split(path.sep).join('/')),
      ['api/a.js', 'api/b.js', 'api/c.js', 'api/f.js', 'api/d.js', 'api/e.js'],
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('no module of a lower room imports from src/api/', () => {
  const arrows: string[] = [];
  for (const lower of LOWER_ROOMS) {
    for (const file of sourceFiles(path.join(SRC, lower))) {
      for (const target of importsOf(file)) {
        if (room(target) === 'api') arrows.push(`${path.relative(SRC, file)} -> ${target}`);
      }
    }
  }
  assert.deepEqual(arrows, [], 'imports from a lower room into api/');
});

test('src/vocabulary/ imports no other room', () => {
  const arrows = sourceFiles(path.join(SRC, 'vocabulary')).flatMap((file) =>
    importsOf(file)
      .filter((target) => room(target) !== 'vocabulary')
      .map((target) => `${path.relative(SRC, file)} -> ${target}`),
  );
  assert.deepEqual(arrows, []);
});

test('src/representation/ imports nothing but src/vocabulary/', () => {
  const arrows = sourceFiles(path.join(SRC, 'representation')).flatMap((file) =>
    importsOf(file)
      .filter((target) => !['representation', 'vocabulary'].includes(room(target)))
      .map((target) => `${path.relative(SRC, file)} -> ${target}`),
  );
  assert.deepEqual(arrows, []);
});
