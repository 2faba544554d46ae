#!/usr/bin/env node
// Runs every test/**/*.test.ts file with Node's own test runner (TypeScript loaded through tsx).
// Arguments narrow the run: `npm test -- test/api` runs the files under test/api only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function collect(dir) {
  if (!fs.existsSync(dir)) return [];
  if (fs.statSync(dir).isFile()) return dir.endsWith('.test.ts') ? [dir] : [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => collect(path.join(dir, e.name)))
    .sort();
}

const roots = process.argv.slice(2);
const files = (roots.length > 0 ? roots : ['test']).flatMap(collect);
if (files.length === 0) {
  console.error('run-tests: no test files found');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
