#!/usr/bin/env node
// Runs every test/**/*.test.ts file with Node's own test runner (TypeScript loaded through tsx) on SQLite,
// then the files that open storage again on PostgreSQL, with TOUCHLINE_TEST_ENGINE=postgres: those that
// reach test/support/test-database.ts through their imports of test code (build-app, test-storage, ...).
//
// Arguments narrow the run: `npm test -- test/api` runs the files under test/api only.
// TOUCHLINE_TEST_ENGINE=sqlite or =postgres in the environment runs that engine's pass only.
// PostgreSQL is reached through TOUCHLINE_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// when it does not answer, the postgres pass is skipped with a notice, except under CI=true, where that fails.
// Files run as many at a time as the machine has cores (os.availableParallelism()), or
// TOUCHLINE_TEST_CONCURRENCY.
//
// The output is short: each failure in full as it happens (scripts/test-summary-reporter.mjs), the skipped
// tests grouped by their message, a line per suite folder, a line per pass (passed, failed, skipped,
// seconds); every test's line is in test-results/<engine>.log (node's spec reporter).
// It ends with one line summing both passes: `<N> passed, <M> failed`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { COUNTS_PREFIX } from './test-summary-reporter.mjs';

const ENGINES = ['sqlite', 'postgres'];
const PG_URL = process.env.TOUCHLINE_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const TEST_DATABASE = path.resolve('test/support/test-database.ts');
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)\.js'/g;
const storageUse = new Map();
const REPORTER = './scripts/test-summary-reporter.mjs';
const LOG_DIR = 'test-results';

/** How many test files run at once: one per core unless TOUCHLINE_TEST_CONCURRENCY says otherwise. */
function concurrency() {
  const asked = process.env.TOUCHLINE_TEST_CONCURRENCY;
  if (asked === undefined || asked === '') return os.availableParallelism();
  const n = Number(asked);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`run-tests: TOUCHLINE_TEST_CONCURRENCY must be a whole number above 0, got "${asked}"`);
    process.exit(1);
  }
  return n;
}

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

/**
 * One `node --test` run of `files` on `engine`: the summary reporter's output is passed through, but for its
 * last line, which carries the counts; node's spec reporter writes every test's line to the pass's log.
 */
function runPass(engine, files, workers) {
  return new Promise((resolve) => {
    const log = path.join(LOG_DIR, `${engine}.log`);
    const times = path.join(LOG_DIR, `${engine}-seconds.tsv`);
    const env = { ...process.env, TOUCHLINE_TEST_ENGINE: engine, TOUCHLINE_TEST_TIMES: times };
    fs.mkdirSync(LOG_DIR, { recursive: true });
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        `--test-concurrency=${workers}`,
        `--test-reporter=${REPORTER}`,
        '--test-reporter-destination=stdout',
        '--test-reporter=spec',
        `--test-reporter-destination=${log}`,
        ...files,
      ],
      { stdio: ['inherit', 'pipe', 'inherit'], env },
    );
    let pending = '';
    let counts;
    const take = (line) => {
      if (line.startsWith(COUNTS_PREFIX)) counts = JSON.parse(line.slice(COUNTS_PREFIX.length));
      else process.stdout.write(`${line}\n`);
    };
    child.stdout.on('data', (chunk) => {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop();
      lines.forEach(take);
    });
    child.on('close', (code, signal) => {
      if (pending !== '') take(pending);
      const seconds = (performance.now() - started) / 1000;
      const passed = counts?.passed ?? 0;
      let failed = counts?.failed ?? 0;
      // A run that fails without a failing test (a crash, a file that does not load) still counts as one.
      if ((code !== 0 || signal || !counts?.complete) && failed === 0) failed = 1;
      resolve({
        engine,
        passed,
        failed,
        skipped: counts?.skipped ?? 0,
        todo: counts?.todo ?? 0,
        seconds,
        log,
      });
    });
  });
}

/** `sqlite: 1500 passed, 0 failed, 3 skipped, 612.4 s`. */
function passLine(r, width = 0) {
  const todo = r.todo > 0 ? `, ${r.todo} todo` : '';
  return `${`${r.engine}:`.padEnd(width + 1)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${todo}, ${r.seconds.toFixed(1)} s`;
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

const workers = concurrency();
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
      results.push({ engine, passed: 0, failed: 1, skipped: 0, todo: 0, seconds: 0 });
      continue;
    }
    if (!reach.ok) {
      note(`PostgreSQL is not reachable at ${where} (${reach.reason}); SKIPPING the postgres pass`);
      continue;
    }
  }
  note(`${engine} pass: ${passFiles.length} file${passFiles.length === 1 ? '' : 's'}, ${workers} at a time`);
  const result = await runPass(engine, passFiles, workers);
  note(`${passLine(result)} (every test: ${result.log})`);
  results.push(result);
}

if (results.length === 0) note('no pass ran');
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('');
const width = Math.max(...results.map((r) => r.engine.length), 0);
for (const r of results) note(passLine(r, width));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.length === 0 ? 1 : 0);
