#!/usr/bin/env node
// Runs the test suites, each chosen by its folder under test/ (SUITES below says which engines each runs on,
// and whether its files share a process), with Node's own test runner and TypeScript loaded through tsx.
//
// Arguments narrow the run to files or folders: `npm test -- test/api` runs test/api only; `--quick` is
// test/unit and test/api (the edit loop's suites, SQLite only). TOUCHLINE_TEST_ENGINE=sqlite or =postgres
// runs that engine's part only. PostgreSQL is reached through TOUCHLINE_TEST_PG_URL (default
// postgres://postgres@127.0.0.1:5432/postgres); when it does not answer, its part is skipped with a notice,
// except under CI=true, where that fails.
//
// How the time is spent: files of a shared suite run many to a process (--test-isolation=none), so that the
// app's modules are loaded once per batch rather than once per file; system tests, which start servers and
// child processes, kill them and wait on real time, get a process each. Batches and files of both engines
// go through one pool of as many processes as the machine has cores (os.availableParallelism(), or
// TOUCHLINE_TEST_CONCURRENCY), longest first (estimated from the previous run's seconds, kept in
// test-results/seconds.tsv). The real data is built once per engine before the data suite starts (see
// test/support/sources/real-data.ts) and reused by later runs while unchanged.
//
// The output is short: each failure in full as it happens (scripts/test-summary-reporter.mjs), the skipped
// tests grouped by their message, a line per suite and engine, a line per engine (passed, failed, skipped,
// seconds); every test's line is in test-results/<engine>.log (node's spec reporter). It ends with one line
// summing everything: `<N> passed, <M> failed`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { COUNTS_PREFIX } from './test-summary-reporter.mjs';

/** The suites, by folder: the engines each runs on, and whether its files share processes. */
// `seconds`: a file's guessed seconds when no earlier run timed it, to batch and order the files.
const SUITES = [
  { folder: 'test/unit', engines: ['sqlite'], shared: true, seconds: 0.5 },
  { folder: 'test/api', engines: ['sqlite'], shared: true, seconds: 3 },
  { folder: 'test/storage', engines: ['sqlite', 'postgres'], shared: true, seconds: 4 },
  { folder: 'test/data', engines: ['sqlite', 'postgres'], shared: false, seconds: 60, needsRealData: true },
  { folder: 'test/system', engines: ['sqlite'], shared: false, seconds: 10 },
];
const QUICK = ['test/unit', 'test/api'];
const ENGINES = ['sqlite', 'postgres'];
const PG_URL = process.env.TOUCHLINE_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REPORTER = './scripts/test-job-reporter.mjs';
const LOG_DIR = 'test-results';
const SECONDS_FILE = path.join(LOG_DIR, 'seconds.tsv');
/** A shared batch holds files estimated at about this many seconds, so that the pool stays balanced. */
const BATCH_SECONDS = 40;
/** A job (a batch or a system file) still running after this long is killed and counted as failed. */
const JOB_DEADLINE_MS = 15 * 60_000;

/** How many processes run at once: one per core unless TOUCHLINE_TEST_CONCURRENCY says otherwise. */
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

/** The previous run's seconds per `<engine>\t<file>`, to order and batch this run's files. */
function previousSeconds() {
  const seconds = new Map();
  if (!fs.existsSync(SECONDS_FILE)) return seconds;
  for (const line of fs.readFileSync(SECONDS_FILE, 'utf8').split('\n')) {
    const [s, engine, file] = line.split('\t');
    if (file) seconds.set(`${engine}\t${file}`, Number(s));
  }
  return seconds;
}

/** A file's estimated seconds: the last run's, else its suite's guess. */
function estimate(previous, engine, file, suite) {
  return previous.get(`${engine}\t${file}`) ?? suite.seconds;
}

/** Files of a shared suite packed into batches of about BATCH_SECONDS each, longest files first. */
function batches(files, cost) {
  const sorted = [...files].sort((a, b) => cost(b) - cost(a));
  const out = [];
  for (const file of sorted) {
    const open = out.find((b) => b.seconds + cost(file) <= BATCH_SECONDS);
    if (open) {
      open.files.push(file);
      open.seconds += cost(file);
    } else out.push({ files: [file], seconds: cost(file) });
  }
  return out;
}

function emptyCounts() {
  return { passed: 0, failed: 0, skipped: 0, todo: 0 };
}

/**
 * One process of `node --test --test-isolation=none` over `job.files` on `job.engine`. The summary reporter's
 * failures are passed through as they come; its last line carries the counts, the skips, and each file's
 * seconds; node's spec reporter writes every test's line to the job's log.
 */
function runJob(job, index) {
  return new Promise((resolve) => {
    const log = path.join(LOG_DIR, job.engine, `${String(index).padStart(3, '0')}.log`);
    fs.mkdirSync(path.dirname(log), { recursive: true });
    const env = { ...process.env, TOUCHLINE_TEST_ENGINE: job.engine };
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        '--test-isolation=none',
        `--test-reporter=${REPORTER}`,
        '--test-reporter-destination=stdout',
        '--test-reporter=spec',
        `--test-reporter-destination=${log}`,
        ...job.files,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env },
    );
    const deadline = setTimeout(() => {
      console.log(
        `\n✖ ${job.files.join(', ')} (${job.engine}) still ran after ${JOB_DEADLINE_MS / 60_000} min: killed`,
      );
      child.kill('SIGKILL');
    }, JOB_DEADLINE_MS);
    let pending = '';
    let stderr = '';
    let summary;
    const take = (line) => {
      if (line.startsWith(COUNTS_PREFIX)) summary = JSON.parse(line.slice(COUNTS_PREFIX.length));
      else process.stdout.write(`${line}\n`);
    };
    child.stdout.on('data', (chunk) => {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop();
      lines.forEach(take);
    });
    child.stderr.on('data', (chunk) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString('utf8');
    });
    child.on('close', (code, signal) => {
      clearTimeout(deadline);
      if (pending !== '') take(pending);
      const seconds = (performance.now() - started) / 1000;
      // A process that fails without a failing test (a crash, a file that does not load) counts as one.
      const broken = (code !== 0 || signal || !summary?.complete) && (summary?.totals.failed ?? 0) === 0;
      if (broken) {
        const where = job.files.length === 1 ? job.files[0] : `a batch of ${job.files.length} files`;
        console.log(
          `\n✖ ${where} (${job.engine}) ended with ${signal ?? `exit code ${code}`} outside its tests`,
        );
        if (stderr.trim() !== '') console.log(stderr.trimEnd().replace(/^/gm, '    '));
      }
      resolve({ job, log, seconds, summary, broken });
    });
  });
}

/** Builds the real-data template of `engine` once, before the data suite's batches start. */
function prepareRealData(engine) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/sources/prepare-real-data.ts'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, TOUCHLINE_TEST_ENGINE: engine },
    });
    child.on('close', (code) => resolve(code === 0));
  });
}

/** `npm run build` (tsc into dist/, incremental, and its dist/.built stamp), which the system suite runs. */
function buildDist() {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('close', (code) => {
      if (code !== 0) console.log('\n✖ the build (npm run build) failed: the system suite does not run');
      resolve(code === 0);
    });
  });
}

/** A prerequisite that starts at once and that jobs wait on: `done` once `start()` has settled. */
function prerequisite(start) {
  const step = { done: false };
  step.promise = start().then((ok) => {
    step.done = true;
    return ok;
  });
  return step;
}

/** Runs `jobs` through a pool of `workers` processes, longest first; a job waits for its `after` promise. */
async function runPool(jobs, workers) {
  const queue = [...jobs].sort((a, b) => b.seconds - a.seconds);
  const results = [];
  let index = 0;
  const worker = async () => {
    for (;;) {
      // A job whose prerequisite is not ready yet lets the next one go first, unless nothing else is left.
      let at = queue.findIndex((j) => !j.after || j.after.done);
      if (at === -1) at = 0;
      const job = queue.splice(at, 1)[0];
      if (!job) return;
      if (job.after) {
        const ready = await job.after.promise;
        if (!ready) {
          results.push({ job, seconds: 0, broken: true, skippedForPrerequisite: true });
          continue;
        }
      }
      results.push(await runJob(job, index++));
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

function passLine(name, c, seconds, width) {
  const todo = c.todo > 0 ? `, ${c.todo} todo` : '';
  const time = seconds === undefined ? '' : `, ${seconds.toFixed(1)} s`;
  return `${name.padEnd(width)}  ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${todo}${time}`;
}

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const roots = args.filter((a) => a !== '--quick');
const asked = (quick ? QUICK : roots.length > 0 ? roots : ['test']).flatMap(collect);
if (asked.length === 0) {
  console.error('run-tests: no test files found');
  process.exit(1);
}
const chosen = process.env.TOUCHLINE_TEST_ENGINE;
if (chosen && !ENGINES.includes(chosen)) {
  console.error(`run-tests: TOUCHLINE_TEST_ENGINE must be sqlite or postgres, got "${chosen}"`);
  process.exit(1);
}
const suiteOf = (file) => SUITES.find((s) => file.startsWith(`${s.folder}/`));
const outside = asked.filter((file) => !suiteOf(file));
if (outside.length > 0) {
  console.error(
    `run-tests: not in any suite's folder (${SUITES.map((s) => s.folder).join(', ')}): ${outside.join(', ')}`,
  );
  process.exit(1);
}

const workers = concurrency();
const previous = previousSeconds();
const jobs = [];
const failedPrerequisites = [];
const engineNotes = [];
let engines = chosen ? [chosen] : ENGINES;
if (engines.includes('postgres') && asked.some((file) => suiteOf(file).engines.includes('postgres'))) {
  const reach = await pgReachable();
  const where = PG_URL.replace(/\/\/[^@/]*@/, '//***@');
  if (!reach.ok && process.env.CI === 'true') {
    console.error(`run-tests: PostgreSQL is not reachable at ${where} (${reach.reason}); CI needs it`);
    failedPrerequisites.push('postgres');
    engines = engines.filter((e) => e !== 'postgres');
  } else if (!reach.ok) {
    note(`PostgreSQL is not reachable at ${where} (${reach.reason}); SKIPPING the postgres part`);
    engines = engines.filter((e) => e !== 'postgres');
  }
}
fs.rmSync(LOG_DIR, { recursive: true, force: true });
fs.mkdirSync(LOG_DIR, { recursive: true });
let built;
for (const engine of engines) {
  const files = asked.filter((file) => suiteOf(file).engines.includes(engine));
  if (files.length === 0) continue;
  engineNotes.push(`${engine}: ${files.length} files`);
  for (const suite of SUITES) {
    const own = files.filter((file) => suiteOf(file) === suite);
    if (own.length === 0) continue;
    let after;
    if (suite.needsRealData) after = prerequisite(() => prepareRealData(engine));
    if (!suite.shared) after = built ??= prerequisite(buildDist);
    const cost = (file) => estimate(previous, engine, file, suite);
    const groups = suite.shared
      ? batches(own, cost)
      : own.map((file) => ({ files: [file], seconds: cost(file) }));
    for (const group of groups) jobs.push({ ...group, engine, suite: suite.folder, after });
  }
}
note(`${engineNotes.join(', ')}; ${jobs.length} processes, ${workers} at a time`);
const started = performance.now();
const results = await runPool(jobs, workers);
const wall = (performance.now() - started) / 1000;

// Everything the jobs reported, summed per engine and per suite; every test's line in one log per engine.
const perEngine = new Map();
const perSuite = new Map();
const skipped = new Map();
const seconds = new Map(previous);
for (const { job, log, summary, broken, skippedForPrerequisite } of results) {
  const engineCounts = perEngine.get(job.engine) ?? emptyCounts();
  perEngine.set(job.engine, engineCounts);
  if (skippedForPrerequisite) {
    console.log(
      `\n✖ ${job.files.length} file(s) of ${job.suite} (${job.engine}) not run: the real data was not built`,
    );
  }
  for (const [folder, c] of Object.entries(summary?.suites ?? {})) {
    // Tests declared in a helper (test/support/...) count for the suite of the file that ran them.
    const suite = SUITES.some((s) => s.folder === folder) ? folder : job.suite;
    const key = `${suite} (${job.engine})`;
    const into = perSuite.get(key) ?? { ...emptyCounts(), seconds: 0 };
    for (const k of Object.keys(emptyCounts())) into[k] += c[k];
    into.seconds += c.seconds;
    perSuite.set(key, into);
  }
  const totals = summary?.totals ?? emptyCounts();
  for (const k of Object.keys(emptyCounts())) engineCounts[k] += totals[k] ?? 0;
  if (broken) engineCounts.failed += 1;
  for (const [message, places] of Object.entries(summary?.skipped ?? {})) {
    skipped.set(message, [...(skipped.get(message) ?? []), ...places]);
  }
  for (const [file, s] of summary?.fileSeconds ?? []) seconds.set(`${job.engine}\t${file}`, s);
  if (log && fs.existsSync(log)) {
    fs.appendFileSync(path.join(LOG_DIR, `${job.engine}.log`), fs.readFileSync(log));
  }
}
for (const engine of ENGINES) fs.rmSync(path.join(LOG_DIR, engine), { recursive: true, force: true });
for (const engine of failedPrerequisites) perEngine.set(engine, { ...emptyCounts(), failed: 1 });
// Kept for the next run's order and batches; files this run did not reach keep their earlier seconds.
const lines = [...seconds]
  .map(([key, s]) => `${s.toFixed(1)}\t${key}`)
  .sort((a, b) => a.split('\t')[2]?.localeCompare(b.split('\t')[2]));
fs.writeFileSync(SECONDS_FILE, `${lines.join('\n')}\n`);

console.log('');
for (const [message, places] of skipped) {
  const files = [...new Set(places.map((place) => place.replace(/:\d+$/, '')))];
  const shown = files.slice(0, 3).join(', ') + (files.length > 3 ? `, and ${files.length - 3} more` : '');
  console.log(`- ${places.length} test${places.length === 1 ? '' : 's'} ${message} (${shown})`);
}
const width = Math.max(0, ...[...perSuite.keys(), ...perEngine.keys()].map((name) => name.length));
for (const [name, c] of [...perSuite].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${passLine(name, c, undefined, width)}, ${c.seconds.toFixed(1)} s in its tests`);
}
console.log('');
for (const [engine, c] of perEngine) note(passLine(engine, c, undefined, width));
const passed = [...perEngine.values()].reduce((n, c) => n + c.passed, 0);
const failed = [...perEngine.values()].reduce((n, c) => n + c.failed, 0);
note(
  `${wall.toFixed(1)} s in all; every test: ${[...perEngine.keys()].map((e) => `${LOG_DIR}/${e}.log`).join(', ')}`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || perEngine.size === 0 ? 1 : 0);
