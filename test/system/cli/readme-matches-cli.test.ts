// The README cannot drift from the program: its command table names every command the CLI's help shows,
// each with the options its help lists (and no other), and its configuration table names every
// environment variable src/config reads (and no other).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../../support/cli.js';
import { helpOptions, helpTree } from '../../support/cli/help-tree.js';

const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The text of the README's `## <title>` section. */
function readmeSection(title: string): string {
  const start = README.indexOf(`\n## ${title}\n`);
  assert.notEqual(start, -1, `README.md has a "${title}" section`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end === -1 ? undefined : end);
}

/** The first cell of each row of the section's tables, header and rule aside, without its backticks. */
function firstCells(section: string): string[] {
  return section
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .map((line) => line.split('|')[1]!.trim().replace(/`/g, ''));
}

test('the README documents every command and option the help shows', () => {
  const { root, entries } = helpTree();
  const section = readmeSection('Command line');
  // `serve [--workers <count>]`: the command's words, then its options.
  const documented = new Map<string, string[]>();
  for (const cell of firstCells(section)) {
    const words = cell.split(/\s+/);
    const firstArgument = words.findIndex((w) => /^[[<-]/.test(w));
    const name = words.slice(0, firstArgument === -1 ? undefined : firstArgument).join(' ');
    assert.ok(!documented.has(name), `one row for "${name}"`);
    documented.set(name, [...cell.matchAll(/--[a-z][a-z-]*/g)].map((m) => m[0]).sort());
  }
  const commands = entries.filter((e) => !e.group);
  assert.deepEqual(
    [...documented.keys()].sort(),
    commands.map((e) => e.path.join(' ')).sort(),
    'a row for each command the help shows, and none for another',
  );
  for (const entry of commands) {
    assert.deepEqual(
      documented.get(entry.path.join(' ')),
      [...entry.options].sort(),
      `the options of "${entry.path.join(' ')}"`,
    );
  }
  // The options of the program itself (--help, --version), with the short forms the help shows.
  for (const option of helpOptions(root)) assert.ok(section.includes(`\`touchline ${option}`), option);
  assert.ok(section.includes('`touchline <command> --help`'));
});

/** Every variable the configuration reads: `env.NAME`, `env['NAME']`, or a name passed as a string. */
function configVariables(): string[] {
  const dir = path.join(ROOT, 'src', 'config');
  const names = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)|\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)) {
      names.add(m[1] ?? m[2]!);
    }
    // Quoted names, and the keys of the environment's schema (src/config/environment-schema.ts).
    for (const m of source.matchAll(/['"]([A-Z][A-Z0-9_]*)['"]|^\s+([A-Z][A-Z0-9_]*):/gm)) {
      const name = (m[1] ?? m[2])!;
      if (/^(TOUCHLINE_[A-Z0-9_]+|DATABASE_URL|REDIS_URL|HOST|PORT|LOG_LEVEL)$/.test(name)) names.add(name);
    }
  }
  return [...names].sort();
}

test('the README documents every environment variable the configuration reads', () => {
  const read = configVariables();
  // The extraction itself works: these are read today.
  for (const name of ['HOST', 'PORT', 'DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL', 'TOUCHLINE_WORKERS']) {
    assert.ok(read.includes(name), `${name} found in src/config`);
  }
  const documented = firstCells(readmeSection('Configuration'));
  assert.equal(new Set(documented).size, documented.length, 'one row per variable');
  assert.deepEqual([...documented].sort(), read, 'a row for each variable read, and none for another');
});

test('nothing outside src/config/config.ts reads the environment', () => {
  // Otherwise a variable could be read that the configuration, and so the README's table, never names.
  const readers: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (file.endsWith('.ts') && /process\.env\b/.test(fs.readFileSync(file, 'utf8'))) {
        readers.push(path.relative(ROOT, file));
      }
    }
  };
  visit(path.join(ROOT, 'src'));
  assert.deepEqual(readers, [path.join('src', 'config', 'config.ts')]);
});
