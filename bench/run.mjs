#!/usr/bin/env node
// Touchline's benchmark: ingest timings, HTTP throughput and latency of the real server (cluster mode,
// SQLite) against nginx and a bare node:http cluster serving the same bytes, and uncached latency as the
// dataset grows to 1M matches.
// Run with `npm run bench` (builds first); `npm run bench -- --quick` skips the scale part. See bench/README.md.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { startNginx } from './lib/nginx.mjs';
import {
  freePort,
  killAll,
  machineCounters,
  reapedChildrenCpu,
  run,
  start,
  stop,
  treeUsage,
  waitForHttp,
  which,
} from './lib/procs.mjs';
import { evaluateBudgets, renderSummary } from './lib/report.mjs';
import { seasonFiles, writeCopy, writeSubset } from './lib/scale.mjs';
import { refreshPart } from './lib/refresh-part.mjs';
import { streamPart } from './lib/stream-part.mjs';
import { postgresPart } from './lib/postgres-part.mjs';
import { measure, randomScript, rotationScript } from './lib/wrk.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'dist/cli/main.js');
const REFERENCE_SERVER = path.join(ROOT, 'bench/lib/reference-server.mjs');
const PG_REFERENCE_SERVER = path.join(ROOT, 'bench/lib/pg-reference-server.mjs');
const STATIC_NODE_SERVER = path.join(ROOT, 'bench/lib/static-node-server.mjs');
const BEGAN = Date.now();

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    'scale-seconds': { type: 'string', default: '6' },
    'scale-rounds': { type: 'string', default: '2' },
    'uncached-rounds': { type: 'string', default: '3' },
    'refresh-rounds': { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    threads: { type: 'string', default: '2' },
    workers: { type: 'string', default: String(os.availableParallelism()) },
    data: { type: 'string', default: path.resolve(ROOT, '../shared/data/openfootball/football.json') },
    clubs: { type: 'string' },
    sources: { type: 'string', default: path.resolve(ROOT, '../shared/data') },
    'scale-target': { type: 'string', default: '1000000' },
    keep: { type: 'boolean', default: false },
    'single-key': { type: 'boolean', default: false },
    'key-pool': { type: 'string', default: '200' },
    'stream-clients': { type: 'string', default: '5000' },
    postgres: { type: 'boolean', default: true },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379/13' },
    strict: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  allowNegative: true,
});

if (args.help) {
  process.stdout.write(
    'usage: npm run bench -- [--quick] [--seconds 10] [--warmup 2] [--scale-seconds 6] [--scale-rounds 2] [--connections 50]\n' +
      '                        [--uncached-rounds 3] [--refresh-rounds 3] [--threads 2] [--workers <cores>] [--data <football.json folder>] [--clubs <dir>]\n' +
      '                        [--sources <shared data folder>]\n' +
      '                        [--scale-target 1000000] [--key-pool 200] [--stream-clients 5000] [--single-key] [--keep] [--strict]\n' +
      '                        [--no-postgres] [--pg-url postgres://postgres@127.0.0.1:5432/postgres] [--redis-url redis://127.0.0.1:6379/13]\n',
  );
  process.exit(0);
}

const opts = {
  quick: args.quick,
  seconds: Number(args.seconds),
  warmup: Number(args.warmup),
  scaleSeconds: Number(args['scale-seconds']),
  scaleRounds: Number(args['scale-rounds']),
  uncachedRounds: Number(args['uncached-rounds']),
  refreshRounds: Number(args['refresh-rounds']),
  connections: Number(args.connections),
  threads: Number(args.threads),
  workers: Number(args.workers),
  data: path.resolve(args.data),
  clubs: args.clubs ? path.resolve(args.clubs) : path.join(path.dirname(path.resolve(args.data)), 'clubs'),
  sources: path.resolve(args.sources),
  scaleTarget: Number(args['scale-target']),
  singleKey: args['single-key'],
  keyPool: Number(args['key-pool']),
  streamClients: Number(args['stream-clients']),
  keep: args.keep,
};
// Not numbers: kept out of the check below.
const postgresOpts = { postgres: args.postgres, pgUrl: args['pg-url'], redisUrl: args['redis-url'] };
for (const [name, value] of Object.entries(opts)) {
  if (typeof value === 'number' && !(Number.isFinite(value) && value > 0)) {
    process.stderr.write(`bench: --${name} must be a positive number\n`);
    process.exit(1);
  }
}

function log(message) {
  const t = ((Date.now() - BEGAN) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[${t}s] ${message}\n`);
}

// ---------------------------------------------------------------------------------------------- cleanup

let tmp;
function cleanup() {
  killAll();
  if (tmp && !args.keep) fs.rmSync(tmp, { recursive: true, force: true });
  else if (tmp) process.stderr.write(`bench: kept ${tmp}\n`);
  tmp = undefined;
}
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    process.stderr.write(`\nbench: ${signal}, stopping every child process\n`);
    cleanup();
    process.exit(130);
  });
}

// ----------------------------------------------------------------------------------------- prerequisites

/** An error the user can fix: reported without a stack trace. */
function usage(message) {
  return Object.assign(new Error(message), { usage: true });
}

function prerequisites() {
  const missing = [];
  if (!which('nginx')) missing.push('nginx (the reference server)');
  if (!which('wrk')) missing.push('wrk (the load generator)');
  if (missing.length > 0) {
    throw usage(`missing ${missing.join(' and ')}: install with "apt-get install -y nginx wrk"`);
  }
  if (!fs.existsSync(CLI)) throw usage(`${CLI} is missing: run "npm run build" (npm run bench does)`);
  if (!fs.existsSync(opts.data)) {
    throw usage(`no football.json folder at ${opts.data} (pass --data <folder>)`);
  }
}

// ---------------------------------------------------------------------------------------- Touchline CLI

let plansFile;

/** DATABASE_URL of `db`: a SQLite file, or a postgres:// URL as it is. */
function databaseUrl(db) {
  return db.startsWith('postgres://') ? db : `sqlite:${db}`;
}

function envFor(db, extra = {}) {
  const env = { ...process.env };
  // The embedded mode unless `extra` says otherwise (the PostgreSQL part): no Redis, no inherited tuning.
  for (const name of Object.keys(env)) {
    if (/^(TOUCHLINE_|REDIS_URL$|DATABASE_URL$|HOST$|PORT$|LOG_LEVEL$)/.test(name)) delete env[name];
  }
  return {
    ...env,
    DATABASE_URL: databaseUrl(db),
    TOUCHLINE_ENV: 'production',
    TOUCHLINE_SOURCES: '',
    TOUCHLINE_PLANS_FILE: plansFile,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

async function cli(db, cliArgs, { timeoutMs = 120_000 } = {}) {
  const result = await run(process.execPath, [CLI, ...cliArgs], {
    cwd: ROOT,
    env: envFor(db),
    name: `touchline ${cliArgs[0]}`,
    timeoutMs,
  });
  if (result.code !== 0) {
    throw new Error(
      `touchline ${cliArgs.join(' ')} exited with ${result.code}:\n${result.stderr}${result.stdout}`,
    );
  }
  return result;
}

const SUMMARY =
  /succeeded in ([\d.]+)s: (\d+) records seen, (\d+) inserted, (\d+) updated, (\d+) unchanged, (\d+) rejected; (\d+) rows written/;

async function ingest(db, from, { timeoutMs = 300_000, source = 'openfootball' } = {}) {
  const extra = source === 'openfootball' && fs.existsSync(opts.clubs) ? ['--clubs', opts.clubs] : [];
  const machineBefore = machineCounters();
  const cpuBefore = reapedChildrenCpu();
  const result = await cli(db, ['ingest', source, '--from', from, ...extra, '--quiet'], {
    timeoutMs,
  });
  const cpuS = reapedChildrenCpu() - cpuBefore;
  const busyS = machineCounters().busyS - machineBefore.busyS;
  const m = SUMMARY.exec(result.stdout);
  if (!m) throw new Error(`cannot read the ingest summary line:\n${result.stdout}`);
  return {
    wallS: result.ms / 1000,
    runS: Number(m[1]),
    recordsSeen: Number(m[2]),
    inserted: Number(m[3]),
    updated: Number(m[4]),
    unchanged: Number(m[5]),
    rejected: Number(m[6]),
    rowsWritten: Number(m[7]),
    // CPU time of the ingest process, and cores used meanwhile by everything else on the machine.
    cpuS,
    otherCores: Math.max(0, (busyS - cpuS) / (result.ms / 1000)),
    summary: result.stdout.trim(),
  };
}

async function createKey(db) {
  const result = await cli(db, ['keys', 'create', '--plan', 'bench', '--name', 'benchmark']);
  const key = result.stdout.trim().split('\n').pop();
  if (!/^live_\S+$/.test(key ?? '')) throw new Error(`unexpected keys create output: ${result.stdout}`);
  return key;
}

/**
 * `n` keys on the bench plan. Every measured run gets a key of its own, as traffic from many customers
 * would (`--single-key`: one key for everything): with a limit nobody reaches, one key would otherwise
 * carry a minute of benchmark traffic in the server's per-key sliding window.
 */
async function createKeys(db, n) {
  const keys = [];
  for (let i = 0; i < n; i += 3) {
    const batch = Array.from({ length: Math.min(3, n - i) }, () => createKey(db));
    keys.push(...(await Promise.all(batch)));
  }
  return opts.singleKey ? keys.map(() => keys[0]) : keys;
}

/**
 * The key pool of the random scenarios: `n` keys on the bench plan (production, `live_`), as `keys
 * create --plan bench` makes them, inserted in one transaction with the project's own code (one CLI
 * run per key would take a second each). With `--single-key` the scenarios use the first one only.
 */
async function createKeyPool(db, n) {
  const load = (file) => import(pathToFileURL(path.join(ROOT, 'dist', file)).href);
  const { issueApiKey } = await load('auth/api-keys.js');
  const { openStorage } = await load('storage/connection.js');
  const { insertApiKey } = await load('storage/repositories/api-key.repository.js');
  const storage = openStorage(databaseUrl(db));
  const keys = [];
  try {
    await storage.db.transaction().execute(async (trx) => {
      for (let i = 0; i < n; i += 1) {
        const issued = issueApiKey('production', `benchmark pool ${i + 1}`, new Date(), undefined, {
          plan: 'bench',
        });
        await insertApiKey(trx, issued.row);
        keys.push(issued.key);
      }
    });
  } finally {
    await storage.close();
  }
  if (!keys.every((key) => /^live_\S+$/.test(key)))
    throw new Error('the key pool has keys that are not live_');
  return opts.singleKey ? keys.slice(0, 1) : keys;
}

function countMatches(db) {
  const sqlite = new Database(db, { readonly: true });
  try {
    return sqlite.prepare('SELECT count(*) AS n FROM matches').get().n;
  } finally {
    sqlite.close();
  }
}

// -------------------------------------------------------------------------------------- Touchline server

async function startServer(db, { cache, label, env = {}, logFile }) {
  const port = await freePort();
  // A server whose log is measured writes it to a file, as an operator's would, not into a pipe read here.
  const logFd = logFile ? fs.openSync(logFile, 'w') : undefined;
  const child = start(process.execPath, [CLI, 'serve', '--workers', String(opts.workers)], {
    cwd: ROOT,
    env: envFor(db, {
      HOST: '127.0.0.1',
      PORT: String(port),
      TOUCHLINE_RESPONSE_CACHE: cache ? 'on' : 'off',
      ...env,
    }),
    name: `touchline serve (${label})`,
    ...(logFd === undefined ? {} : { stdio: ['ignore', logFd, 'pipe'] }),
  });
  if (logFd !== undefined) fs.closeSync(logFd);
  const base = `http://127.0.0.1:${port}/api/v1`;
  await waitForHttp(`${base}/health`, { child, timeoutMs: 60_000 });
  // With workers, /health answers as soon as the first one listens: wait for all of them.
  const expected = opts.workers > 1 ? opts.workers + 1 : 1;
  const deadline = Date.now() + 30_000;
  while (treeUsage(child.pid).processes < expected) {
    if (Date.now() > deadline) throw new Error(`only ${treeUsage(child.pid).processes - 1} workers started`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (let i = 0; i < 4 * opts.workers; i += 1) await waitForHttp(`${base}/health`, { child });
  log(`server (${label}) on port ${port}, pid ${child.pid}`);
  return {
    child,
    base,
    stop: async () => {
      await stop(child, 15_000);
      if (child.exitCode !== 0) log(`server (${label}) exit: ${child.exitCode ?? child.signalCode}`);
    },
  };
}

/**
 * Starts one of the reference servers (bench/lib/cluster-server.mjs) with the benchmark's workers on a
 * free port, and waits for its line saying every worker listens.
 */
async function startClusterServer(script, name, args) {
  const port = await freePort();
  const child = start(
    process.execPath,
    [script, ...args, '--host', '127.0.0.1', '--port', String(port), '--workers', String(opts.workers)],
    { cwd: ROOT, name },
  );
  const deadline = Date.now() + 30_000;
  while (!child.output().includes(`${name}: ${opts.workers} listening`)) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the ${name} exited before listening:\n${child.output().slice(-3000)}`);
    }
    if (Date.now() > deadline) throw new Error(`the ${name} did not listen within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, child };
}

/**
 * The reference for the uncached path (bench/lib/reference-server.mjs): node:http + better-sqlite3, a
 * primary and as many workers as Touchline's, on the same database file (read-only).
 */
async function startReference(db) {
  const { port, child } = await startClusterServer(REFERENCE_SERVER, 'reference server', ['--db', db]);
  const origin = `http://127.0.0.1:${port}`;
  // Without a key it answers 401, as Touchline does.
  await waitForHttp(`${origin}/api/v1/football/matches/none`, { child, status: 401, timeoutMs: 10_000 });
  log(`reference server (node:http + better-sqlite3) on port ${port}, pid ${child.pid}`);
  return {
    child,
    origin,
    stop: async () => {
      await stop(child, 5000);
      if (child.exitCode !== 0) log(`reference server exit: ${child.exitCode ?? child.signalCode}`);
    },
  };
}

/** Headers every Node answer gets anyway, or that the static node server writes itself. */
const NOT_COPIED = new Set([
  'x-request-id',
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);
/** What Touchline sends on a cached 200 besides those: the static node server must send them too. */
const CACHED_200_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-quota-limit',
  'x-quota-remaining',
  'x-quota-reset',
  'etag',
];

/**
 * The second reference for cached reads (bench/lib/static-node-server.mjs): a bare node:http cluster, a
 * primary and as many workers as Touchline's, serving nginx's body files at nginx's URLs with each
 * scenario's status and Touchline's headers (`headers[name]`: name/value pairs, constant; a fresh
 * request ID is added per request). Checked before use: every URL answers its status and exact bytes.
 */
async function startStaticNode(dir, nginx, files, headers) {
  const routes = {};
  for (const [name, { status }] of Object.entries(files)) {
    routes[new URL(nginx.urls[name]).pathname] = {
      // A gzip answer's headers, copied from Touchline's, say Content-Encoding: gzip.
      file: nginx.gzipFiles[name] ?? nginx.bodyFiles[name],
      status,
      headers: headers[name],
    };
  }
  const routesFile = path.join(dir, 'static-node-routes.json');
  fs.writeFileSync(routesFile, `${JSON.stringify(routes, null, 2)}\n`);
  const { port, child } = await startClusterServer(STATIC_NODE_SERVER, 'static node server', [
    '--routes',
    routesFile,
  ]);
  const origin = `http://127.0.0.1:${port}`;
  const urls = {};
  for (const [name, { status, body }] of Object.entries(files)) {
    urls[name] = `${origin}${new URL(nginx.urls[name]).pathname}`;
    const answer = await get(urls[name]);
    if (answer.status !== status || !answer.body.equals(body)) {
      throw new Error(
        `the static node server answered ${urls[name]} with HTTP ${answer.status} and ` +
          `${answer.body.length} bytes, not ${status} and the ${body.length} bytes of ${name}`,
      );
    }
    if (!answer.headers.has('x-request-id')) {
      throw new Error(`the static node server answered ${urls[name]} without x-request-id`);
    }
    for (const [header, value] of headers[name]) {
      if (answer.headers.get(header) !== value) {
        throw new Error(`the static node server answered ${urls[name]} without ${header}: ${value}`);
      }
    }
  }
  log(`static node server (node:http) on port ${port}, pid ${child.pid}, ${opts.workers} workers`);
  return {
    child,
    urls,
    stop: async () => {
      await stop(child, 5000);
      if (child.exitCode !== 0) log(`static node server exit: ${child.exitCode ?? child.signalCode}`);
    },
  };
}

/** A GET as wrk sends it (no Accept-Encoding: the answer as it is), or with `acceptEncoding`. */
async function get(url, key, acceptEncoding = 'identity') {
  const res = await fetch(url, {
    headers: { 'accept-encoding': acceptEncoding, ...(key ? { authorization: `Bearer ${key}` } : {}) },
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** A GET whose body is kept as sent (fetch would decompress it), with its headers as fetch gives them. */
function getRaw(url, key, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { headers: { authorization: `Bearer ${key}`, 'accept-encoding': acceptEncoding }, timeout: 10_000 },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: new Headers(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`GET ${url}: timed out`)));
    req.on('error', reject);
  });
}

async function getJson(url, key) {
  const { status, body } = await get(url, key);
  if (status !== 200) throw new Error(`GET ${url}: HTTP ${status} ${body.toString().slice(0, 500)}`);
  return JSON.parse(body.toString());
}

// --------------------------------------------------------------------------------------------- measuring

function wrkOptions(seconds) {
  return { threads: opts.threads, connections: opts.connections, seconds };
}

/** Warm-up run (not recorded), then the measured one; `warmup` changes the warm-up's target. */
async function bench(label, target, seconds = opts.seconds, warmup = {}) {
  if (opts.warmup > 0) await measure({ ...target, ...warmup, ...wrkOptions(opts.warmup) });
  const result = await measure({ ...target, ...wrkOptions(seconds) });
  log(
    `${label.padEnd(41)} ${Math.round(result.rps).toString().padStart(7)} req/s  p50 ${result.p50Ms.toFixed(2)} ms` +
      `  p99 ${result.p99Ms.toFixed(2)} ms  errors ${result.errors}` +
      `  rss ${result.serverRssMb.toFixed(0)} MB  cores: server ${result.serverCores.toFixed(1)}` +
      ` wrk ${result.wrkCores.toFixed(1)} other ${result.otherCores.toFixed(1)}`,
  );
  return result;
}

/** The round whose value of `of` is the median (of an even count, the higher of the middle two). */
function medianBy(rounds, of) {
  const sorted = [...rounds].sort((a, b) => of(a) - of(b));
  return sorted[Math.floor(sorted.length / 2)];
}

/** The round whose p99 is the median. */
function medianRound(rounds) {
  return medianBy(rounds, (r) => r.p99Ms);
}

function pick(result) {
  const rest = { ...result };
  delete rest.raw;
  return rest;
}

// --------------------------------------------------------------------------------------------- the parts

async function ingestPart(db) {
  log(`ingest: full dataset from ${opts.data} into an empty database`);
  // Only `migrate` and `serve` create a database; `ingest` refuses a missing file.
  await cli(db, ['migrate']);
  const full = await ingest(db, opts.data);
  log(`ingest: ${full.summary}`);
  log('ingest: identical re-import');
  const reimport = await ingest(db, opts.data);
  log(`ingest: ${reimport.summary}`);
  const matches = countMatches(db);
  return {
    full: { ...full, matches },
    reimport: { ...reimport, matches },
    ...(await allSourcesPart()),
  };
}

/** The five sources in the shared data folder, in the order README.md lists them. */
function fiveSources() {
  return [
    ['openfootball', path.join(opts.sources, 'openfootball/football.json')],
    ['worldcup-json', path.join(opts.sources, 'openfootball/worldcup.json')],
    ['fjelstul', path.join(opts.sources, 'fjelstul-worldcup')],
    ['football-data', path.join(opts.sources, 'football-data-csv')],
    ['international-results', path.join(opts.sources, 'international_results')],
  ];
}

/**
 * Every source into an empty database of its own, one CLI run each (the wall time of the five summed),
 * then the identical re-import of the international results. Skipped, with a message, when the shared
 * data folder lacks a source.
 */
async function allSourcesPart() {
  const sources = fiveSources();
  const missing = sources.filter(([, from]) => !fs.existsSync(from));
  if (missing.length > 0) {
    log(`ingest: five sources skipped: missing ${missing.map(([, from]) => from).join(', ')}`);
    return {};
  }
  const db = path.join(tmp, 'all-sources.db');
  await cli(db, ['migrate']);
  log('ingest: five sources into an empty database');
  const runs = [];
  for (const [source, from] of sources) {
    const r = await ingest(db, from, { source });
    log(`ingest: ${source}: ${r.summary}`);
    runs.push({ source, ...r });
  }
  const sum = (key) => runs.reduce((n, r) => n + r[key], 0);
  const matches = countMatches(db);
  const allSources = {
    wallS: sum('wallS'),
    runS: sum('runS'),
    cpuS: sum('cpuS'),
    otherCores: runs.reduce((n, r) => n + r.otherCores * r.wallS, 0) / sum('wallS'),
    rowsWritten: sum('rowsWritten'),
    matches,
    runs,
  };
  log('ingest: identical re-import of the international results');
  const [, irFrom] = sources.at(-1);
  const irReimport = { ...(await ingest(db, irFrom, { source: 'international-results' })), matches };
  log(`ingest: ${irReimport.summary}`);
  return { allSources, irReimport };
}

async function httpPart(db, keys) {
  const key = keys[0];
  let nextKey = 0;
  const auth = () => ({ authorization: `Bearer ${keys[nextKey++ % keys.length]}` });
  const { stableId } = await import(pathToFileURL(path.join(ROOT, 'dist/ingest/identity/stable-id.js')).href);
  let server = await startServer(db, { cache: true, label: 'cache on' });
  const nginxDir = path.join(tmp, 'nginx');
  let nginx;
  let node;
  const scenarios = [];
  try {
    const teams = await getJson(`${server.base}/football/teams?q=manchester%20united`, key);
    const team = teams.data.find((t) => /^Manchester United\b/.test(t.name));
    if (!team) throw new Error('no team named Manchester United in the dataset');
    const competition = stableId('comp', 'en.1');
    const seasons = await getJson(`${server.base}/football/competitions/${competition}/seasons`, key);
    const season =
      seasons.data.find((s) => s.id === stableId('season', 'en.1:2023-24')) ??
      seasons.data.find((s) => !s.is_current) ??
      seasons.data[0];
    const listPath = `/football/matches?team_id=${team.id}&season_id=${season.id}&limit=25`;
    const list = await getJson(`${server.base}${listPath}`, key);
    if (list.data.length === 0) throw new Error(`${listPath} returned no matches`);
    const ids = { team: team.id, competition, season: season.id, match: list.data[0].id };
    log(`scenario ids: ${team.name} ${ids.team}, season ${season.name} ${ids.season}, match ${ids.match}`);
    const rivals = await getJson(`${server.base}/football/teams?q=liverpool`, key);
    const rival = rivals.data.find((t) => /^Liverpool\b/.test(t.name));
    if (!rival) throw new Error('no team named Liverpool in the dataset');
    // The match list's other query shapes (issue 21), measured uncached beside the plain list: each must
    // stay an index range, so each costs about what a page does.
    const queryDefs = [
      {
        name: 'latest-results',
        path: `/football/matches?team_id=${ids.team}&status=finished&sort=-starts_at&limit=5`,
        what: "a team's last five results: status=finished&sort=-starts_at&limit=5",
      },
      {
        name: 'head-to-head',
        path: `/football/matches?team_id=${ids.team}&opponent_id=${rival.id}&limit=25`,
        what: `head-to-head with ${rival.name}, a record over every page (opponent_id)`,
      },
      {
        name: 'several-teams',
        path: `/football/matches?team_id=${ids.team},${rival.id}&limit=25`,
        what: `two teams' matches, each once: team_id=<it>,<${rival.name}>`,
      },
      {
        name: 'season-round',
        path: `/football/matches?season_id=${ids.season}&round=${encodeURIComponent(list.data[0].round)}`,
        what: `one round of the season: round=${list.data[0].round}`,
      },
    ];

    const defs = [
      { name: 'match-list', path: listPath, what: 'match list page by team and season, limit 25 (cached)' },
      { name: 'match-by-id', path: `/football/matches/${ids.match}`, what: 'one match (cached)' },
      { name: 'team-search', path: '/football/teams?q=united', what: 'team search q=united (cached)' },
      {
        name: 'competition-seasons',
        path: `/football/competitions/${ids.competition}/seasons`,
        what: 'seasons of the English Premier League (cached)',
      },
      { name: 'coverage-summary', path: '/coverage/summary', what: 'coverage summary (cached)' },
      {
        name: 'match-list-100-gzip',
        path: `/football/matches?season_id=${ids.season}&limit=100`,
        what: 'a 100-match page of the season, Accept-Encoding: gzip (cached; nginx: gzip_static)',
        gzip: true,
      },
      { name: 'unauthorized', path: listPath, status: 401, what: 'match list without a key: 401' },
    ];
    const files = {};
    // Touchline's own headers of each answer (but the request ID and what Node adds), for the static node
    // server to send as they are.
    const headers = {};
    for (const d of defs) {
      const answer = d.gzip
        ? await getRaw(`${server.base}${d.path}`, key, 'gzip')
        : await get(`${server.base}${d.path}`, d.status === 401 ? undefined : key);
      const status = d.status ?? 200;
      if (answer.status !== status) {
        throw new Error(
          `${d.path}: expected HTTP ${status}, got ${answer.status}: ${answer.body.toString()}`,
        );
      }
      if (d.gzip && answer.headers.get('content-encoding') !== 'gzip') {
        throw new Error(`${d.path}: Touchline did not answer gzip (is TOUCHLINE_COMPRESSION off?)`);
      }
      // The references serve the bytes Touchline sent: nginx the .gz file beside the body (gzip_static).
      files[d.name] = d.gzip
        ? { body: zlib.gunzipSync(answer.body), gzip: answer.body, status }
        : { body: answer.body, status };
      d.bytes = answer.body.length;
      // In the order Touchline sends them (fetch lists headers sorted by name): the limit headers, then the
      // answer's own (ETag, WWW-Authenticate).
      const rank = (name) => (CACHED_200_HEADERS.includes(name) ? CACHED_200_HEADERS.indexOf(name) : 99);
      headers[d.name] = [...answer.headers]
        .filter(([name]) => !NOT_COPIED.has(name))
        .sort(([a], [b]) => rank(a) - rank(b));
      const missing = CACHED_200_HEADERS.filter((name) => status === 200 && !answer.headers.has(name));
      if (missing.length > 0) throw new Error(`${d.path}: Touchline's answer has no ${missing.join(', ')}`);
    }
    nginx = await startNginx(nginxDir, files, { workers: opts.workers });
    log(`nginx (${nginx.version}) on port ${nginx.port}, ${opts.workers} workers`);
    node = await startStaticNode(nginxDir, nginx, files, headers);

    const scenario = (d, result, reference, extra = {}) => {
      const row = {
        name: d.name,
        what: d.what,
        url: d.path,
        bytes: d.bytes,
        ...pick(result),
        nginx: reference ? pick(reference.nginx) : undefined,
        vsNginx: reference ? result.rps / reference.nginx.rps : undefined,
        node: reference ? pick(reference.node) : undefined,
        nodeReqPerSec: reference?.node.rps,
        vsNode: reference ? result.rps / reference.node.rps : undefined,
        nodeVsNginx: reference ? reference.node.rps / reference.nginx.rps : undefined,
        ...extra,
      };
      scenarios.push(row);
      return row;
    };
    const references = {};
    for (const d of defs) {
      const expectStatus = d.status ?? 200;
      const coding = d.gzip ? { 'accept-encoding': 'gzip' } : {};
      const result = await bench(`touchline ${d.name}`, {
        url: `${server.base}${d.path}`,
        headers: expectStatus === 401 ? {} : { ...auth(), ...coding },
        serverPid: server.child.pid,
        expectStatus,
      });
      // The references receive the same request headers.
      const referenceHeaders = expectStatus === 401 ? {} : { authorization: `Bearer ${key}`, ...coding };
      references[d.name] = {
        nginx: await bench(`nginx     ${d.name}`, {
          url: nginx.urls[d.name],
          headers: referenceHeaders,
          serverPid: nginx.child.pid,
          expectStatus,
        }),
        node: await bench(`node      ${d.name}`, {
          url: node.urls[d.name],
          headers: referenceHeaders,
          serverPid: node.child.pid,
          expectStatus,
        }),
      };
      scenario(d, result, references[d.name], { cache: true, cachedRead: expectStatus === 200 });
    }
    await server.stop();
    server = undefined;

    // What the access log costs: the cached match by ID again, on a server that writes a line per request
    // (LOG_LEVEL=info, TOUCHLINE_ACCESS_LOG=on, its default) to a file.
    const logFile = path.join(tmp, 'access.log');
    server = await startServer(db, {
      cache: true,
      label: 'cache on, access log',
      env: { LOG_LEVEL: 'info', TOUCHLINE_ACCESS_LOG: 'on' },
      logFile,
    });
    const byId = defs.find((d) => d.name === 'match-by-id');
    const logged = await bench('touchline match-by-id-access-log', {
      url: `${server.base}${byId.path}`,
      headers: auth(),
      serverPid: server.child.pid,
    });
    await server.stop();
    server = undefined;
    // Read once the server has exited: lines still buffered are written at exit.
    const lines = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"msg":"request"'));
    if (lines.length < logged.requests) {
      throw new Error(`access log: ${lines.length} lines for ${logged.requests} requests`);
    }
    const plain = scenarios.find((x) => x.name === 'match-by-id');
    scenario(
      { ...byId, name: 'match-by-id-access-log', what: 'one match (cached), access log on, to a file' },
      logged,
      references['match-by-id'],
      { cache: true, cachedRead: false, vsNoLog: logged.rps / plain.rps, logLines: lines.length },
    );
    await node.stop();
    node = undefined;

    server = await startServer(db, { cache: false, label: 'cache off' });
    // Rounds, the two scenarios taking turns, each with its key: see "Rounds" in bench/README.md.
    const uncached = [
      ...defs.filter((d) => ['match-list', 'match-by-id'].includes(d.name)),
      ...queryDefs,
    ].map((d) => ({ d, headers: auth(), rounds: [] }));
    for (let round = 1; round <= opts.uncachedRounds; round += 1) {
      for (const u of uncached) {
        const label = `${u.d.name}-uncached${opts.uncachedRounds > 1 ? ` (round ${round})` : ''}`;
        u.rounds.push(
          await bench(`touchline ${label}`, {
            url: `${server.base}${u.d.path}`,
            headers: u.headers,
            serverPid: server.child.pid,
          }),
        );
      }
    }
    for (const { d, rounds } of uncached) {
      scenario(
        {
          ...d,
          name: `${d.name}-uncached`,
          what: d.what.includes('(cached)')
            ? d.what.replace('(cached)', '(TOUCHLINE_RESPONSE_CACHE=off)')
            : `${d.what} (TOUCHLINE_RESPONSE_CACHE=off)`,
        },
        medianRound(rounds),
        references[d.name],
        {
          cache: false,
          cachedRead: false,
          // Every round's errors count, whichever round is shown.
          errors: rounds.reduce((n, r) => n + r.errors, 0),
          rounds: rounds.map(({ rps, p50Ms, p99Ms, errors }) => ({ rps, p50Ms, p99Ms, errors })),
        },
      );
    }
    return { scenarios, ids };
  } finally {
    await server?.stop();
    await node?.stop();
    await nginx?.stop();
  }
}

/** Every URL of the random scenarios: each match by ID, each (team, season) pair with matches. */
function archivePaths(db) {
  const sqlite = new Database(db, { readonly: true });
  try {
    const ids = sqlite.prepare('SELECT id FROM matches ORDER BY id').pluck().all();
    const pairs = sqlite
      .prepare(
        'SELECT home_team_id AS team, season_id AS season FROM matches' +
          ' UNION SELECT away_team_id, season_id FROM matches ORDER BY 1, 2',
      )
      .all();
    return {
      'match-by-id-random': ids.map((id) => `/api/v1/football/matches/${id}`),
      'team-season-random': pairs.map(
        ({ team, season }) => `/api/v1/football/matches?team_id=${team}&season_id=${season}`,
      ),
    };
  } finally {
    sqlite.close();
  }
}

/** A small seeded generator (mulberry32), so the checks before loading pick the same URLs every run. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Checks that `count` random paths of `paths`, each with a random key of the pool, answer 200 on every
 * one of `servers`; returns each server's bodies, in the order of the sample.
 */
async function checkRandomPaths(name, paths, keys, servers, count = 24) {
  const random = seeded(20261121);
  const sample = Array.from({ length: count }, () => ({
    path: paths[Math.floor(random() * paths.length)],
    key: keys[Math.floor(random() * keys.length)],
  }));
  const bodies = {};
  for (const server of servers) {
    const answers = await Promise.all(sample.map((s) => get(`${server.origin}${s.path}`, s.key)));
    answers.forEach((a, i) => {
      if (a.status !== 200) {
        throw new Error(
          `${name}: the ${server.label} server answered ${sample[i].path} with HTTP ${a.status}: ` +
            a.body.toString().slice(0, 500),
        );
      }
    });
    bodies[server.label] = answers.map((a) => a.body);
  }
  return bodies;
}

function roundFigures({ rps, p50Ms, p99Ms, errors, serverRssMb, serverPssMb }) {
  return { rps, p50Ms, p99Ms, errors, serverRssMb, serverPssMb };
}

/**
 * The random scenarios (see "Many keys, random URLs" in bench/README.md): a random URL of the whole
 * archive and a random key of the pool on every request, against a server with the response cache on,
 * as in production. Both scenarios also go to the reference server (node:http + better-sqlite3) with the
 * same scripts, keys and paths: for matches by ID it is the budget's yardstick, for team + season pages
 * (whose budget is an absolute p99) it shows the machine's floor in the same run. In `--uncached-rounds`
 * rounds (touchline and reference by ID, then touchline and reference team + season pages), each run
 * after a warm-up that draws from another seed than the measured run, so the measured run does not find
 * exactly the answers its warm-up just cached.
 *
 * `on` runs the same scenarios on other servers (the PostgreSQL part): `part` names them in the log and
 * the scripts' folder, `startTouchline` and `startReference` start them; the URLs come from `db` either way.
 */
async function randomPart(db, keys, on = {}) {
  const part = on.part ?? 'sqlite';
  const all = archivePaths(db);
  const dir = path.join(tmp, `random-${part}`);
  fs.mkdirSync(dir, { recursive: true });
  const keysFile = path.join(dir, 'key-pool.txt');
  fs.writeFileSync(keysFile, `${keys.join('\n')}\n`);
  const pathsFiles = {};
  for (const [name, paths] of Object.entries(all)) {
    if (paths.length === 0) throw new Error(`${name}: the database has no such URLs`);
    pathsFiles[name] = path.join(dir, `${name}.paths`);
    fs.writeFileSync(pathsFiles[name], `${paths.join('\n')}\n`);
  }
  log(
    `random (${part}): ${all['match-by-id-random'].length} match IDs, ${all['team-season-random'].length} team + season` +
      ` pairs, ${keys.length} key${keys.length === 1 ? '' : 's'}`,
  );

  let server;
  let reference;
  try {
    server = on.startTouchline
      ? await on.startTouchline()
      : await startServer(db, { cache: true, label: 'cache on, random URLs' });
    server.label = 'touchline';
    server.origin = server.base.replace(/\/api\/v1$/, '');
    reference = on.startReference ? await on.startReference() : await startReference(db);
    reference.label = 'reference';

    const byId = await checkRandomPaths('match-by-id-random', all['match-by-id-random'], keys, [
      server,
      reference,
    ]);
    // The reference must do the same work: the same bytes for the same match.
    const bodiesIdentical = byId.touchline.every((body, i) => body.equals(byId.reference[i]));
    if (!bodiesIdentical) {
      log(
        `random (${part}): WARNING: Touchline and the reference server answer different bodies for the same match`,
      );
    }
    const teamSeason = await checkRandomPaths('team-season-random', all['team-season-random'], keys, [
      server,
      reference,
    ]);
    // The same page in the same bytes, but for the request ID each server draws.
    const masked = (body) => body.toString().replace(/"request_id":"[^"]*"/, '"request_id":"-"');
    const teamSeasonBodiesIdentical = teamSeason.touchline.every(
      (body, i) => masked(body) === masked(teamSeason.reference[i]),
    );
    if (!teamSeasonBodiesIdentical) {
      log(
        `random (${part}): WARNING: Touchline and the reference server answer different bodies for the same team + ` +
          'season page (request IDs aside)',
      );
    }

    const script = (name, seed) =>
      randomScript(path.join(dir, `${name}-${seed}.lua`), { pathsFile: pathsFiles[name], keysFile, seed });
    const byIdRounds = [];
    const teamSeasonRounds = [];
    for (let round = 1; round <= opts.uncachedRounds; round += 1) {
      const seed = 1000 * round;
      const suffix = opts.uncachedRounds > 1 ? ` (round ${round})` : '';
      const byIdScripts = {
        measured: script('match-by-id-random', seed),
        warmup: script('match-by-id-random', seed + 500),
      };
      const measureOn = (who, name, scripts) =>
        bench(
          `${part === 'sqlite' ? '' : `${part} `}${who.label.padEnd(9)} ${name}${suffix}`,
          { url: `${who.origin}/`, script: scripts.measured, serverPid: who.child.pid },
          opts.seconds,
          { script: scripts.warmup },
        );
      const touchline = await measureOn(server, 'match-by-id-random', byIdScripts);
      const ref = await measureOn(reference, 'match-by-id-random', byIdScripts);
      byIdRounds.push({ touchline, reference: ref, ratio: touchline.rps / ref.rps });
      const teamSeasonScripts = {
        measured: script('team-season-random', seed),
        warmup: script('team-season-random', seed + 500),
      };
      teamSeasonRounds.push({
        touchline: await measureOn(server, 'team-season-random', teamSeasonScripts),
        reference: await measureOn(reference, 'team-season-random', teamSeasonScripts),
      });
    }

    const common = { cache: true, keys: keys.length };
    const chosen = medianBy(byIdRounds, (r) => r.ratio);
    // Team + season pages: the round with Touchline's median p99, and the reference's run of that round.
    const teamSeasonChosen = medianBy(teamSeasonRounds, (r) => r.touchline.p99Ms);
    const sum = (list) => list.reduce((n, r) => n + r.errors, 0);
    return {
      keyPool: keys.length,
      // Matches by ID: the same bytes; team + season pages: the same bytes but for the request ID.
      bodiesIdentical,
      teamSeasonBodiesIdentical,
      scenarios: [
        {
          name: 'match-by-id-random',
          what: 'a random match of the archive by ID, a random key of the pool (cache on: mostly misses)',
          url: '/api/v1/football/matches/<random id>',
          paths: all['match-by-id-random'].length,
          ...common,
          ...pick(chosen.touchline),
          // Every round's errors count, whichever round is shown.
          errors: sum(byIdRounds.map((r) => r.touchline)),
          reference: { ...pick(chosen.reference), errors: sum(byIdRounds.map((r) => r.reference)) },
          vsReference: chosen.ratio,
          rounds: byIdRounds.map((r) => ({
            ...roundFigures(r.touchline),
            reference: roundFigures(r.reference),
            vsReference: r.ratio,
          })),
        },
        {
          name: 'team-season-random',
          what: 'a random team + season page of the archive (limit 25), a random key of the pool (cache on)',
          url: '/api/v1/football/matches?team_id=<random>&season_id=<random>',
          paths: all['team-season-random'].length,
          ...common,
          ...pick(teamSeasonChosen.touchline),
          errors: sum(teamSeasonRounds.map((r) => r.touchline)),
          reference: {
            ...pick(teamSeasonChosen.reference),
            errors: sum(teamSeasonRounds.map((r) => r.reference)),
          },
          rounds: teamSeasonRounds.map((r) => ({
            ...roundFigures(r.touchline),
            reference: roundFigures(r.reference),
          })),
        },
      ],
    };
  } finally {
    await server?.stop();
    await reference?.stop();
  }
}

/**
 * Evenly spread samples of a database's matches: ids for match-by-id, (team, season) pairs for match
 * lists. Taken from the 10k database, so every size answers exactly the same requests.
 */
function samplePaths(db) {
  const sqlite = new Database(db, { readonly: true });
  try {
    const max = sqlite.prepare('SELECT max(rowid) AS n FROM matches').get().n;
    const row = sqlite.prepare(
      'SELECT id, home_team_id, away_team_id, season_id, competition_id FROM matches WHERE rowid >= ? LIMIT 1',
    );
    const byId = [];
    const lists = [];
    const tables = [];
    for (let i = 0; i < 1000; i += 1) {
      const r = row.get(1 + Math.floor((i * max) / 1000));
      if (!r) continue;
      byId.push(`/api/v1/football/matches/${r.id}`);
      if (i % 5 === 0) {
        const team = i % 10 === 0 ? r.home_team_id : r.away_team_id;
        lists.push(`/api/v1/football/matches?team_id=${team}&season_id=${r.season_id}&limit=25`);
      }
      tables.push(`/api/v1/football/competitions/${r.competition_id}/seasons/${r.season_id}/standings`);
    }
    return { byId: [...new Set(byId)], lists: [...new Set(lists)], tables: [...new Set(tables)] };
  } finally {
    sqlite.close();
  }
}

/** Paths of `paths` answering 200 on `origin` (IDs are stable, so all of them should). */
async function answering(origin, key, paths) {
  const ok = [];
  for (let i = 0; i < paths.length; i += 20) {
    const batch = paths.slice(i, i + 20);
    const statuses = await Promise.all(batch.map(async (p) => (await get(`${origin}${p}`, key)).status));
    batch.forEach((p, j) => statuses[j] === 200 && ok.push(p));
  }
  return ok;
}

function fileMb(file) {
  return fs.existsSync(file) ? fs.statSync(file).size / 2 ** 20 : 0;
}

/** Copies a SQLite database with the online backup API (consistent even with a WAL). */
async function copyDatabase(from, to) {
  const source = new Database(from, { readonly: true });
  try {
    await source.backup(to);
  } finally {
    source.close();
  }
}

/** Builds the 10k, ~100k and ~1M databases; returns them with the ingestion runs it took. */
async function buildScaleDatabases(mainDb, fullMatches) {
  // One key per scenario and round; the 100k and 1M databases share theirs (one is a copy of the other).
  const keyCount = Object.keys(SCALE_SCENARIOS).length * opts.scaleRounds;
  const dir = path.join(tmp, 'scale');
  fs.mkdirSync(dir, { recursive: true });
  const files = seasonFiles(opts.data);
  const runs = [];
  const record = (label, r) => {
    runs.push({ label, wallS: r.wallS, runS: r.runS, inserted: r.inserted, rowsWritten: r.rowsWritten });
    log(`scale: ingested ${label}: ${r.inserted} matches in ${r.wallS.toFixed(1)} s`);
  };

  // ~10k: whole season folders, from 2023-24 (the scenarios' Premier League season) backwards.
  const seasons = [...new Set(files.map((f) => f.season))];
  const from = Math.max(0, seasons.indexOf('2023-24'));
  const order = [...seasons.slice(0, from + 1).reverse(), ...seasons.slice(from + 1)];
  const chosen = [];
  let records = 0;
  for (const s of order) {
    if (records >= 10_000) break;
    const inSeason = files.filter((f) => f.season === s);
    chosen.push(...inSeason);
    records += inSeason.reduce((n, f) => n + f.records, 0);
  }
  const smallDir = path.join(dir, 'small', 'football.json');
  writeSubset(chosen, smallDir);
  const small = { size: '10k', db: path.join(dir, 'scale-10k.db') };
  await cli(small.db, ['migrate']);
  record('10k subset', await ingest(small.db, smallDir));
  fs.rmSync(path.join(dir, 'small'), { recursive: true, force: true });
  small.keys = await createKeys(small.db, keyCount);

  // ~100k: the full dataset (the main database, with its key) plus the first files of copy 1.
  const target = opts.scaleTarget;
  const label = target >= 1e6 ? `${+(target / 1e6).toFixed(1)}M` : `${Math.round(target / 1000)}k`;
  const big = { size: label, db: path.join(dir, 'scale-big.db') };
  await copyDatabase(mainDb, big.db);
  big.keys = await createKeys(big.db, keyCount);
  let have = fullMatches;
  let split = 0;
  while (split < files.length && have < 100_000) have += files[split++].records;
  const copyDir = (name) => path.join(dir, name, 'football.json');
  await writeCopy(files.slice(0, split), copyDir('copy-1a'), 1, ROOT);
  record('copy 1 (part)', await ingest(big.db, copyDir('copy-1a')));
  fs.rmSync(path.join(dir, 'copy-1a'), { recursive: true, force: true });
  const mid = { size: '100k', db: path.join(dir, 'scale-100k.db'), keys: big.keys };
  await copyDatabase(big.db, mid.db);

  // ~1M: the rest of copy 1, then copies 2, 3, … until the target.
  const copies = Math.ceil(opts.scaleTarget / fullMatches) - 1;
  await writeCopy(files.slice(split), copyDir('copy-1b'), 1, ROOT);
  record('copy 1 (rest)', await ingest(big.db, copyDir('copy-1b')));
  fs.rmSync(path.join(dir, 'copy-1b'), { recursive: true, force: true });
  for (let k = 2; k <= copies; k += 1) {
    await writeCopy(files, copyDir(`copy-${k}`), k, ROOT);
    record(`copy ${k}`, await ingest(big.db, copyDir(`copy-${k}`)));
    fs.rmSync(path.join(dir, `copy-${k}`), { recursive: true, force: true });
  }
  const sizes = [small, mid, big];
  for (const s of sizes) {
    s.matches = countMatches(s.db);
    s.databaseMb = fileMb(s.db) + fileMb(`${s.db}-wal`);
  }
  return { sizes, runs };
}

/**
 * Uncached match lists and matches by id at each size: the same requests (sampled from the 10k database)
 * against every database, one server per size, measured in interleaved rounds so a burst of background
 * load hits every size alike; per size and scenario the round with the lowest p99 is reported.
 */
/** The scale part's scenarios: each gets its own keys per round, so no limit is shared. */
const SCALE_SCENARIOS = { 'match-list': 'lists', 'match-by-id': 'byId', standings: 'tables' };

async function scalePart(mainDb, fullMatches) {
  const { sizes, runs } = await buildScaleDatabases(mainDb, fullMatches);
  const sample = samplePaths(sizes[0].db);
  const servers = [];
  const rounds = [];
  try {
    for (const s of sizes) {
      const server = await startServer(s.db, { cache: false, label: `${s.size}, cache off` });
      servers.push(server);
      s.server = server;
      s.origin = server.base.replace(/\/api\/v1$/, '');
    }
    const paths = {};
    // A table is computed once per season and dataset generation, then read like a page.
    for (const [scenario, list] of Object.entries(SCALE_SCENARIOS).map(([name, key]) => [
      name,
      sample[key],
    ])) {
      let kept = list;
      // The 10k database is where the paths come from; the larger ones must answer them too.
      for (const s of sizes.slice(1)) kept = await answering(s.origin, s.keys[0], kept);
      if (kept.length < list.length / 2) {
        throw new Error(
          `${scenario}: only ${kept.length} of ${list.length} sampled paths answer 200 everywhere`,
        );
      }
      if (kept.length < list.length)
        log(`scale: ${list.length - kept.length} ${scenario} paths dropped (not 200)`);
      paths[scenario] = kept;
    }
    const scriptDir = path.join(tmp, 'scripts');
    fs.mkdirSync(scriptDir, { recursive: true });
    for (let round = 1; round <= opts.scaleRounds; round += 1) {
      for (const [index, scenario] of Object.keys(paths).entries()) {
        const script = rotationScript(path.join(scriptDir, `${scenario}.lua`), paths[scenario]);
        for (const s of sizes) {
          const result = await bench(
            `scale ${s.size} ${scenario} (round ${round})`,
            {
              url: `${s.origin}/`,
              headers: { authorization: `Bearer ${s.keys[index * opts.scaleRounds + round - 1]}` },
              script,
              serverPid: s.server.child.pid,
            },
            opts.scaleSeconds,
          );
          rounds.push({
            size: s.size,
            scenario,
            round,
            matches: s.matches,
            databaseMb: s.databaseMb,
            paths: paths[scenario].length,
            ...pick(result),
          });
        }
      }
    }
  } finally {
    for (const server of servers) await server.stop();
  }
  const rows = [];
  for (const scenario of Object.keys(SCALE_SCENARIOS)) {
    for (const [i, s] of sizes.entries()) {
      const mine = rounds.filter((r) => r.size === s.size && r.scenario === scenario);
      const best = mine.reduce((a, b) => (b.p99Ms < a.p99Ms ? b : a));
      rows.push({
        ...best,
        smallest: i === 0,
        largest: i === sizes.length - 1,
        rounds: mine.map((r) => ({
          round: r.round,
          rps: r.rps,
          p50Ms: r.p50Ms,
          p99Ms: r.p99Ms,
          errors: r.errors,
        })),
      });
    }
  }
  return { rows, runs };
}

// ------------------------------------------------------------------------------------------------- main

function range(values) {
  return values.length ? { min: Math.min(...values), max: Math.max(...values) } : undefined;
}

function average(values) {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
}

async function main() {
  prerequisites();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-bench-'));
  plansFile = path.join(tmp, 'plans.json');
  fs.writeFileSync(
    plansFile,
    JSON.stringify([
      {
        name: 'bench',
        requests_per_minute: 1_000_000_000,
        requests_per_period: 1_000_000_000,
        description: 'benchmark: limits never refuse',
      },
    ]),
  );
  const startedAt = new Date().toISOString();
  const loadStart = os.loadavg();
  const wrkVersion = (await run('wrk', ['-v'], { timeoutMs: 5000 }).catch(() => ({ stdout: '' }))).stdout
    .split('\n')[0]
    .trim();
  log(`temp folder ${tmp}; load average ${loadStart.map((n) => n.toFixed(2)).join(' ')}`);

  const db = path.join(tmp, 'bench.db');
  const ingestResult = await ingestPart(db);
  // Five cached scenarios and two uncached ones measure with a key each.
  const keys = await createKeys(db, 7);
  const pool = await createKeyPool(db, opts.keyPool);
  log(`keys: ${keys.length} created with the CLI, a pool of ${pool.length} for the random scenarios`);
  const http = await httpPart(db, keys);
  const random = await randomPart(db, pool);
  const postgres = postgresOpts.postgres
    ? await postgresPart({
        db,
        http,
        opts: { ...opts, ...postgresOpts },
        tmp,
        referenceScript: PG_REFERENCE_SERVER,
        deps: {
          log,
          cli,
          ingest,
          createKeyPool,
          startServer,
          startClusterServer,
          randomPart,
          bench,
          measure,
          randomScript,
          stop,
          waitForHttp,
        },
      })
    : { skipped: '--no-postgres' };
  const scriptDir = path.join(tmp, 'scripts');
  fs.mkdirSync(scriptDir, { recursive: true });
  const refresh = await refreshPart({
    startServer,
    db,
    keys: pool,
    dir: scriptDir,
    // The stream part follows this match from sequence 1: an update of it here would make those stale.
    excludeMatch: http.ids.match,
    rounds: opts.refreshRounds,
    seconds: opts.seconds,
    warmupSeconds: opts.warmup,
    wrk: { threads: opts.threads, connections: opts.connections },
    log,
  });
  // Last: its live updates change the match it follows.
  log(`streams: ${opts.streamClients} clients on match ${http.ids.match}`);
  const streams = await streamPart({
    startServer,
    db,
    keys: pool,
    matchId: http.ids.match,
    cachedPath: `/football/matches/${http.ids.match}`,
    clients: opts.streamClients,
    events: 40,
    everyMs: 250,
    readRate: 1000,
    log,
  });

  let scale;
  if (!opts.quick) scale = await scalePart(db, ingestResult.full.matches);
  else log('scale: skipped (--quick)');

  const report = {
    startedAt,
    finishedAt: new Date().toISOString(),
    durationS: (Date.now() - BEGAN) / 1000,
    machine: {
      cores: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      totalMemMb: Math.round(os.totalmem() / 2 ** 20),
      node: process.version,
      kernel: `${os.type()} ${os.release()}`,
      workers: opts.workers,
      wrk: wrkVersion,
      loadStart,
      loadEnd: os.loadavg(),
      // Cores used by other processes during the measured runs (wrk and the server excluded).
      otherCoresAvg: average(
        [
          ...http.scenarios,
          ...http.scenarios.map((x) => x.nginx),
          ...http.scenarios.map((x) => x.node),
          ...random.scenarios,
          ...random.scenarios.map((x) => x.reference),
          ...(scale?.rows ?? []),
        ]
          .filter((x) => x?.otherCores !== undefined)
          .map((x) => x.otherCores),
      ),
    },
    options: {
      quick: opts.quick,
      seconds: opts.seconds,
      warmupSeconds: opts.warmup,
      scaleSeconds: opts.scaleSeconds,
      scaleRounds: opts.scaleRounds,
      uncachedRounds: opts.uncachedRounds,
      refreshRounds: opts.refreshRounds,
      connections: opts.connections,
      threads: opts.threads,
      data: opts.data,
      singleKey: opts.singleKey,
      keyPool: opts.keyPool,
    },
    ids: http.ids,
    ingest: ingestResult,
    scenarios: http.scenarios,
    // The bare node:http cluster's req/s over nginx's on the cached reads (the line under the budgets).
    nodeVsNginx: range(http.scenarios.filter((x) => x.cachedRead).map((x) => x.nodeVsNginx)),
    random,
    postgres,
    refresh,
    streams,
    scale: scale?.rows,
    scaleIngest: scale?.runs,
  };
  report.budgets = evaluateBudgets(report);

  const summary = renderSummary(report);
  process.stdout.write(`\n${summary}\n`);
  const outDir = path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, `${startedAt.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(
    `\nresults: ${path.relative(process.cwd(), outFile)} (${report.durationS.toFixed(0)} s)\n`,
  );
  const failed = report.budgets.filter((b) => b.status === 'FAIL');
  return args.strict && failed.length > 0 ? 2 : 0;
}

main().then(
  (code) => {
    cleanup();
    process.exit(code);
  },
  (error) => {
    process.stderr.write(`\nbench: failed: ${error.usage ? error.message : (error.stack ?? error)}\n`);
    cleanup();
    process.exit(1);
  },
);
