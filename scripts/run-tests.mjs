#!/usr/bin/env node
// Runs every test/**/*.test.ts file with Node's own test runner (TypeScript loaded through tsx) on SQLite,
// then the files that open storage again on PostgreSQL, with TOUCHLINE_TEST_ENGINE=postgres: those that
// reach test/support/test-database.ts through their imports of test code (build-app, test-storage, ...).
//
// Arguments narrow the run: `npm test -- test/api` runs the files under test/api only.
// TOUCHLINE_TEST_ENGINE=sqlite or =postgres in the environment runs that engine's pass only.
// PostgreSQL is reached through TOUCHLINE_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// when it does not answer, the postgres pass is skipped with a notice, except under CI=true, where that fails.
//
// The output ends with one line summing both passes: `<N> passed, <M> failed`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const ENGINES = ['sqlite', 'postgres'];
const PG_URL = process.env.TOUCHLINE_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const TEST_DATABASE = path.resolve('test/support/test-database.ts');
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)\.js'/g;
const storageUse = new Map();

/** Whether a test file reaches test/support/test-database.ts through its relative imports of test code. */
function usesStorage(file) {
  const absolute = path.resolve(file);
  if (absolute === TEST_DATABASE) return true;
  if (storageUse.has(absolute)) return storageUse.get(absolute);
  storageUse.set(absolute, false); // an import cycle ends here
  const found = [...fs.readFileSync(absolute, 'utf8').matchAll(RELATIVE_IMPORT)]
    .map((m) => path.resolve(path.dirname(absolute), `${m[1]}.ts`))
    .filter((dep) => !path.relative(path.resolve('test'), dep).startsWith('..') && fs.existsSync(dep))
    .some(usesStorage);
  storageUse.set(absolute, found);
  return found;
}

function collect(dir) {
  if (!fs.existsSync(dir)) return [];
  if (fs.statSync(dir).isFile()) return dir.endsWith('.test.ts') ? [dir] : [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => collect(path.join(dir, e.name)))
    .sort();
}

function note(text) {
  console.log(`ℹ run-tests: ${text}`);
}

/** Whether the PostgreSQL admin database answers; the reason when it does not. */
async function pgReachable() {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error.message || error.code || String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

function lastCount(output, label) {
  const matches = [...output.replace(ANSI, '').matchAll(new RegExp(`^ℹ ${label} (\\d+)\\s*$`, 'gm'))];
  return matches.length > 0 ? Number(matches.at(-1)[1]) : 0;
}

/** One `node --test` run of `files` on `engine`; its output is passed through and its counts parsed. */
function runPass(engine, files) {
  return new Promise((resolve) => {
    const env = { ...process.env, TOUCHLINE_TEST_ENGINE: engine };
    if (process.stdout.isTTY && env.FORCE_COLOR === undefined) env.FORCE_COLOR = '1';
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files],
      { stdio: ['inherit', 'pipe', 'inherit'], env },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk.toString('utf8');
    });
    child.on('close', (code, signal) => {
      const passed = lastCount(output, 'pass');
      let failed = lastCount(output, 'fail') + lastCount(output, 'cancelled');
      // A run that fails without a failing test (a crash, a file that does not load) still counts as one.
      if ((code !== 0 || signal) && failed === 0) failed = 1;
      resolve({ engine, passed, failed });
    });
  });
}

const roots = process.argv.slice(2);
const files = (roots.length > 0 ? roots : ['test']).flatMap(collect);
if (files.length === 0) {
  console.error('run-tests: no test files found');
  process.exit(1);
}
const chosen = process.env.TOUCHLINE_TEST_ENGINE;
if (chosen && !ENGINES.includes(chosen)) {
  console.error(`run-tests: TOUCHLINE_TEST_ENGINE must be sqlite or postgres, got "${chosen}"`);
  process.exit(1);
}

const results = [];
for (const engine of chosen ? [chosen] : ENGINES) {
  const passFiles = engine === 'sqlite' ? files : files.filter(usesStorage);
  if (passFiles.length === 0) {
    note(`no test file here opens storage; no ${engine} pass`);
    continue;
  }
  if (engine === 'postgres') {
    const reach = await pgReachable();
    const where = PG_URL.replace(/\/\/[^@/]*@/, '//***@');
    if (!reach.ok && process.env.CI === 'true') {
      console.error(`run-tests: PostgreSQL is not reachable at ${where} (${reach.reason}); CI needs it`);
      results.push({ engine, passed: 0, failed: 1 });
      continue;
    }
    if (!reach.ok) {
      note(`PostgreSQL is not reachable at ${where} (${reach.reason}); SKIPPING the postgres pass`);
      continue;
    }
  }
  note(`${engine} pass: ${passFiles.length} file${passFiles.length === 1 ? '' : 's'}`);
  results.push(await runPass(engine, passFiles));
}

if (results.length === 0) note('no pass ran');
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('');
for (const r of results) note(`${r.engine} pass ${r.passed} fail ${r.failed}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.length === 0 ? 1 : 0);
