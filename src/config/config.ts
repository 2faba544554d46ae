import os from 'node:os';
import path from 'node:path';
import { MAX_RING_BYTES } from '../cache/body-ring.js';
import { ConfigError } from './config-error.js';
import { readPlans, type Plan } from './plans.js';
import { readStreamConfig, type StreamConfig } from './stream-config.js';
import { readLiveBatchConfig, type LiveBatchConfig } from './live-batch-config.js';
import { readDownloadConfig, type DownloadConfig } from './download-config.js';

export { ConfigError };

export type Environment = 'development' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  host: string;
  port: number;
  databaseUrl: string;
  /** Shared response cache for several instances; null keeps the cache in-process. */
  redisUrl: string | null;
  logLevel: LogLevel;
  env: Environment;
  /** Paths or URLs ingested in the background on first start; empty means none. */
  sources: string[];
  /**
   * The configured sources `serve` re-ingests on a schedule (TOUCHLINE_REFRESH), each once, in the order
   * TOUCHLINE_SOURCES names them; empty means no scheduled refresh.
   */
  refresh: readonly RefreshSchedule[];
  /** Failed refreshes are retried after this, doubling per failure (TOUCHLINE_REFRESH_RETRY_MIN, ms). */
  refreshRetryMinMs: number;
  /** ... up to this (TOUCHLINE_REFRESH_RETRY_MAX, ms). */
  refreshRetryMaxMs: number;
  /**
   * Where sources ingested from TOUCHLINE_SOURCES read the openfootball/clubs directory (TOUCHLINE_CLUBS);
   * null leaves it to the source (a `clubs` folder beside a local source, else the public repository).
   */
  clubs: string | null;
  /** How often an API process reads the invalidation log (ms): the bound on serving an invalidated answer. */
  generationPollMs: number;
  /**
   * How often a process writes the request counts it holds to the database (TOUCHLINE_USAGE_FLUSH_MS):
   * what a hard crash can lose of them (src/limits/usage-ledger.ts).
   */
  usageFlushMs: number;
  /** Whether answers are cached at all (off measures the database path, e.g. in the benchmark). */
  responseCache: boolean;
  /** Number of cached serialized responses kept per process. */
  responseCacheEntries: number;
  /** Memory the cached responses of one process may take, in bytes (TOUCHLINE_CACHE_MB). */
  responseCacheBytes: number;
  /**
   * SQLite: how much of the database file an API process reads through a memory map (TOUCHLINE_SQLITE_MMAP_MB,
   * bytes; 0 reads every page with a system call). Mapped pages are the kernel's page cache, shared by
   * every process, and count in a process's resident memory only while the kernel keeps them.
   */
  sqliteMmapBytes: number;
  /** Seconds a response stays in the shared (Redis) cache; generations make older ones unreachable anyway. */
  sharedCacheTtlSeconds: number;
  /** On SIGTERM, how long to keep answering (each answer closing its connection) before closing (ms). */
  drainMs: number;
  /**
   * Where Prometheus metrics are served (TOUCHLINE_METRICS_PORT, TOUCHLINE_METRICS_HOST, 127.0.0.1 by
   * default): a listener of its own, never the API's port; null (unset or empty) serves none.
   */
  metrics: { host: string; port: number } | null;
  /**
   * Origins browsers may call the API from (TOUCHLINE_CORS_ORIGINS): '*' (the default: keys are bearer
   * tokens, never cookies, so any page may use one it holds), a list of origins, or null (`off`) for none.
   */
  corsOrigins: '*' | readonly string[] | null;
  /**
   * Whether JSON answers are compressed, gzip or br by the request's Accept-Encoding (TOUCHLINE_COMPRESSION,
   * `on` by default; `off` where a proxy in front compresses).
   */
  compression: boolean;
  /**
   * The fraction of answered requests the access log writes a line for (TOUCHLINE_ACCESS_LOG: `on` = 1,
   * the default; `off` = 0; or a fraction such as 0.01), at info level.
   */
  accessLogSample: number;
  /**
   * The admin listener live match updates are sent to (TOUCHLINE_ADMIN_PORT, TOUCHLINE_ADMIN_HOST,
   * 127.0.0.1 by default, TOUCHLINE_ADMIN_TOKEN, required with the port): a listener of its own with its
   * own credential, never the API's port nor its keys; null (no port) serves none.
   */
  admin: AdminListenerConfig | null;
  /**
   * TOUCHLINE_ADMIN_TOKEN as set (null when unset or empty), for a command that sends updates to an admin
   * listener (`replay --to`) whether or not this process serves one; checked by the listener it reaches.
   */
  adminToken: string | null;
  /** Plans keys can belong to (rate per minute, quota per billing period). */
  plans: readonly Plan[];
  /** HTTP worker processes for `serve`: 1 in development, one per core in production unless set. */
  workers: number;
  /** The live stream: log polling, heartbeats, send buffers, token secret (stream-config.ts). */
  stream: StreamConfig;
  /** Admin batches of live updates and the rejections log's retention (live-batch-config.ts). */
  liveBatch: LiveBatchConfig;
  /** Downloads of source artifacts: deadline, size cap, where redirects may go (download-config.ts). */
  download: DownloadConfig;
}

export interface AdminListenerConfig {
  host: string;
  port: number;
  /** The bearer token the listener requires (never an API key). */
  token: string;
}

export const DEFAULT_SOURCES = [
  'https://github.com/openfootball/football.json/archive/refs/heads/master.tar.gz',
];

/** A source `serve` re-ingests every `intervalMs` (measured from the end of its newest run). */
export interface RefreshSchedule {
  source: string;
  intervalMs: number;
}

/** Every configured source is refreshed this often when TOUCHLINE_REFRESH is not set (ms). */
export const DEFAULT_REFRESH_MS = 60 * 60 * 1000;
const DEFAULT_RETRY_MIN_MS = 60 * 1000;
const DEFAULT_RETRY_MAX_MS = 60 * 60 * 1000;
/** The shortest refresh interval or retry delay accepted (tests use a few seconds). */
const MIN_DURATION_MS = 1000;

/** `[source=]location`: the source defaults to openfootball. */
export function parseSourceSpec(spec: string): { source: string; location: string } {
  const m = /^([a-z][a-z0-9-]*)=(.+)$/.exec(spec);
  return m && !/^https?$/.test(m[1]!)
    ? { source: m[1]!, location: m[2]! }
    : { source: 'openfootball', location: spec };
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `90s`, `15m`, `1.5h`, `1d`, `2500ms`: a number and a unit, in ms; undefined when it is not one. */
export function parseDuration(raw: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(raw.trim());
  if (!m) return undefined;
  return Math.round(Number(m[1]) * DURATION_UNITS[m[2]!]!);
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

function readPort(env: Env, name = 'PORT', fallback = '8080'): number {
  const raw = env[name] ?? fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 0 || port > 65535) {
    throw new ConfigError(name, `must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
}

/** `on` (or unset): every request; `off`: none; a number in [0, 1]: that fraction of them. */
function readAccessLog(raw: string | undefined): number {
  if (raw === undefined || raw === '' || raw === 'on') return 1;
  if (raw === 'off') return 0;
  const fraction = Number(raw);
  if (!/^(0|1|0?\.\d+|1\.0+)$/.test(raw) || !(fraction >= 0 && fraction <= 1)) {
    throw new ConfigError(
      'TOUCHLINE_ACCESS_LOG',
      `must be on, off or a fraction between 0 and 1, got "${raw}"`,
    );
  }
  return fraction;
}

/** `*` (or unset), `off` (or empty), or a comma-separated list of origins such as https://example.org. */
export function readCorsOrigins(raw: string | undefined): '*' | readonly string[] | null {
  if (raw === undefined || raw.trim() === '*') return '*';
  if (raw.trim() === '' || raw.trim() === 'off') return null;
  const origins = raw.split(',').map((origin) => origin.trim());
  for (const origin of origins) {
    if (!/^https?:\/\/[^/\s?#]+$/.test(origin)) {
      throw new ConfigError(
        'TOUCHLINE_CORS_ORIGINS',
        `must be *, off or a comma-separated list of origins such as https://example.org, got "${origin}"`,
      );
    }
  }
  return Object.freeze(origins);
}

function readEnum<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** The SQLite file used when DATABASE_URL is unset, relative to the working directory. */
export const DEFAULT_DATABASE_FILE = path.join('var', 'touchline.db');

function readDatabaseUrl(env: Env, cwd: string): string {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') return `sqlite:${path.join(cwd, DEFAULT_DATABASE_FILE)}`;
  if (/^postgres(ql)?:\/\//.test(raw)) return raw;
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length).replace(/^\/\//, '');
    if (file === '')
      throw new ConfigError('DATABASE_URL', 'sqlite: needs a file path, e.g. sqlite:var/touchline.db');
    return file === ':memory:' ? 'sqlite::memory:' : `sqlite:${path.resolve(cwd, file)}`;
  }
  throw new ConfigError(
    'DATABASE_URL',
    `must start with sqlite: or postgres://, got "${raw.replace(/\/\/[^@]*@/, '//***@')}"`,
  );
}

function readRedisUrl(env: Env): string | null {
  const raw = env.REDIS_URL;
  if (raw === undefined || raw === '') return null;
  if (!/^rediss?:\/\/[^\s]+$/.test(raw)) {
    throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://');
  }
  return raw;
}

/** "auto" (one per core) or 1-256; shared by TOUCHLINE_WORKERS and `serve --workers`. */
export function parseWorkerCount(raw: string, name: string): number {
  if (raw === 'auto') return os.availableParallelism();
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 256) {
    throw new ConfigError(name, `must be "auto" or an integer from 1 to 256, got "${raw}"`);
  }
  return Number(raw);
}

function readWorkers(env: Env, mode: Environment): number {
  const raw = env.TOUCHLINE_WORKERS;
  if (raw === undefined || raw === '') return mode === 'production' ? os.availableParallelism() : 1;
  return parseWorkerCount(raw, 'TOUCHLINE_WORKERS');
}

function readNonNegativeInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  return Number(raw);
}

function readPositiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new ConfigError(name, `must be a positive integer, got "${raw}"`);
  }
  return Number(raw);
}

/**
 * How often a process writes the request counts it holds, by default (src/limits/usage-ledger.ts). Not
 * every second: on SQLite each commit makes every API process's connection drop its whole page cache at
 * its next read (WAL mode knows changes per database file, not per table), so counts written every second
 * slowed every uncached read of a busy server (bench/README.md, "Counts written less often"). What it
 * costs: a hard crash loses up to this long of counts, in the customers' favour.
 */
export const DEFAULT_USAGE_FLUSH_MS = 5000;

/** TOUCHLINE_USAGE_FLUSH_MS: from a tenth of a second to a minute (a key's window is a minute long). */
function readUsageFlushMs(env: Env): number {
  const ms = readPositiveInt(env, 'TOUCHLINE_USAGE_FLUSH_MS', DEFAULT_USAGE_FLUSH_MS);
  if (ms < 100 || ms > 60_000) {
    throw new ConfigError('TOUCHLINE_USAGE_FLUSH_MS', `must be 100 to 60000 (ms), got "${ms}"`);
  }
  return ms;
}

/** TOUCHLINE_CACHE_MB in bytes: one region per process (cache/body-ring.ts), at most the largest Buffer. */
function readCacheBytes(env: Env): number {
  const bytes = readPositiveInt(env, 'TOUCHLINE_CACHE_MB', 16) * 1024 * 1024;
  const most = Math.floor(MAX_RING_BYTES / (1024 * 1024));
  if (bytes > most * 1024 * 1024) {
    throw new ConfigError('TOUCHLINE_CACHE_MB', `must be at most ${most}, got "${env.TOUCHLINE_CACHE_MB}"`);
  }
  return bytes;
}

function readSources(env: Env): string[] {
  const raw = env.TOUCHLINE_SOURCES;
  if (raw === undefined) return DEFAULT_SOURCES;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function readDuration(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const ms = parseDuration(raw);
  if (ms === undefined) {
    throw new ConfigError(name, `must be a duration such as 30s, 15m, 1h or 1d, got "${raw}"`);
  }
  if (ms < MIN_DURATION_MS) throw new ConfigError(name, `must be at least 1s, got "${raw}"`);
  return ms;
}

/**
 * TOUCHLINE_REFRESH: comma-separated `<source>=<interval>` (or `<source>=off`) entries and at most one
 * bare `<interval>` for every configured source not named; unset means every configured source every
 * hour, empty or `off` none. Each source named must be one TOUCHLINE_SOURCES configures.
 */
export function parseRefresh(raw: string | undefined, sources: readonly string[]): RefreshSchedule[] {
  const NAME = 'TOUCHLINE_REFRESH';
  const configured = [...new Set(sources.map((spec) => parseSourceSpec(spec).source))];
  if (raw === undefined) return configured.map((source) => ({ source, intervalMs: DEFAULT_REFRESH_MS }));
  const text = raw.trim();
  if (text === '' || text === 'off') return [];
  let fallback: number | null | undefined;
  const named = new Map<string, number | null>();
  for (const item of text.split(',').map((s) => s.trim())) {
    if (item === '') throw new ConfigError(NAME, `has an empty entry in "${raw}"`);
    const m = /^(?:([a-z][a-z0-9-]*)=)?(.+)$/.exec(item)!;
    const [, source, value] = m;
    let interval: number | null;
    if (value === 'off') interval = null;
    else {
      const ms = parseDuration(value!);
      if (ms === undefined) {
        throw new ConfigError(
          NAME,
          `"${item}" is not <source>=<interval>, <source>=off or <interval> (an interval is a number ` +
            `and a unit, ms, s, m, h or d, such as 30s, 15m, 6h or 1d)`,
        );
      }
      if (ms < MIN_DURATION_MS) throw new ConfigError(NAME, `"${item}": the interval must be at least 1s`);
      interval = ms;
    }
    if (source === undefined) {
      if (fallback !== undefined) throw new ConfigError(NAME, `has more than one interval for every source`);
      fallback = interval;
      continue;
    }
    if (!configured.includes(source)) {
      throw new ConfigError(
        NAME,
        `names "${source}", which TOUCHLINE_SOURCES does not configure ` +
          `(configured: ${configured.length > 0 ? configured.join(', ') : 'none'})`,
      );
    }
    if (named.has(source)) throw new ConfigError(NAME, `names "${source}" twice`);
    named.set(source, interval);
  }
  const schedule: RefreshSchedule[] = [];
  for (const source of configured) {
    const interval = named.has(source) ? named.get(source) : fallback;
    if (interval !== undefined && interval !== null) schedule.push({ source, intervalMs: interval });
  }
  return schedule;
}

/** The shortest admin token accepted: long enough that guessing it is hopeless. */
export const MIN_ADMIN_TOKEN_LENGTH = 24;

/**
 * TOUCHLINE_ADMIN_PORT (unset or empty: no admin listener), TOUCHLINE_ADMIN_HOST and TOUCHLINE_ADMIN_TOKEN,
 * which the port requires: at least 24 printable characters, and not shaped like an API key, so that no
 * key is ever taken for it.
 */
function readAdmin(env: Env): AdminListenerConfig | null {
  const raw = env.TOUCHLINE_ADMIN_PORT;
  if (raw === undefined || raw === '') return null;
  const port = readPort(env, 'TOUCHLINE_ADMIN_PORT');
  const token = env.TOUCHLINE_ADMIN_TOKEN ?? '';
  if (token === '') {
    throw new ConfigError('TOUCHLINE_ADMIN_TOKEN', 'must be set when TOUCHLINE_ADMIN_PORT is');
  }
  if (!/^[\x21-\x7e]+$/.test(token) || token.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new ConfigError(
      'TOUCHLINE_ADMIN_TOKEN',
      `must be at least ${MIN_ADMIN_TOKEN_LENGTH} printable characters without spaces ` +
        '(e.g. the output of `openssl rand -hex 32`)',
    );
  }
  if (/^(test|live)_/.test(token)) {
    throw new ConfigError('TOUCHLINE_ADMIN_TOKEN', 'must not look like an API key (test_… or live_…)');
  }
  return { host: env.TOUCHLINE_ADMIN_HOST || '127.0.0.1', port, token };
}

/** Parses and validates the whole configuration once; callers receive a frozen object. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Readonly<Config> {
  const host = env.HOST && env.HOST !== '' ? env.HOST : '127.0.0.1';
  const mode = readEnum(env, 'TOUCHLINE_ENV', ['development', 'production'] as const, 'development');
  const sources = readSources(env);
  const refreshRetryMinMs = readDuration(env, 'TOUCHLINE_REFRESH_RETRY_MIN', DEFAULT_RETRY_MIN_MS);
  const refreshRetryMaxMs = readDuration(env, 'TOUCHLINE_REFRESH_RETRY_MAX', DEFAULT_RETRY_MAX_MS);
  if (refreshRetryMaxMs < refreshRetryMinMs) {
    throw new ConfigError(
      'TOUCHLINE_REFRESH_RETRY_MAX',
      `must not be shorter than TOUCHLINE_REFRESH_RETRY_MIN (${env.TOUCHLINE_REFRESH_RETRY_MIN ?? '1m'})`,
    );
  }
  return Object.freeze({
    host,
    port: readPort(env),
    databaseUrl: readDatabaseUrl(env, cwd),
    redisUrl: readRedisUrl(env),
    logLevel: readEnum(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    env: mode,
    sources,
    refresh: Object.freeze(parseRefresh(env.TOUCHLINE_REFRESH, sources)),
    refreshRetryMinMs,
    refreshRetryMaxMs,
    clubs: env.TOUCHLINE_CLUBS && env.TOUCHLINE_CLUBS !== '' ? env.TOUCHLINE_CLUBS : null,
    generationPollMs: readPositiveInt(env, 'TOUCHLINE_GENERATION_POLL_MS', 1000),
    usageFlushMs: readUsageFlushMs(env),
    responseCache: readEnum(env, 'TOUCHLINE_RESPONSE_CACHE', ['on', 'off'] as const, 'on') === 'on',
    responseCacheEntries: readPositiveInt(env, 'TOUCHLINE_CACHE_ENTRIES', 5000),
    responseCacheBytes: readCacheBytes(env),
    sqliteMmapBytes: readNonNegativeInt(env, 'TOUCHLINE_SQLITE_MMAP_MB', 1024) * 1024 * 1024,
    sharedCacheTtlSeconds: readPositiveInt(env, 'TOUCHLINE_SHARED_CACHE_TTL_SECONDS', 3600),
    workers: readWorkers(env, mode),
    plans: readPlans(env.TOUCHLINE_PLANS_FILE),
    corsOrigins: readCorsOrigins(env.TOUCHLINE_CORS_ORIGINS),
    compression: readEnum(env, 'TOUCHLINE_COMPRESSION', ['on', 'off'] as const, 'on') === 'on',
    accessLogSample: readAccessLog(env.TOUCHLINE_ACCESS_LOG),
    metrics:
      env.TOUCHLINE_METRICS_PORT === undefined || env.TOUCHLINE_METRICS_PORT === ''
        ? null
        : {
            host: env.TOUCHLINE_METRICS_HOST || '127.0.0.1',
            port: readPort(env, 'TOUCHLINE_METRICS_PORT'),
          },
    drainMs: readNonNegativeInt(env, 'TOUCHLINE_DRAIN_MS', 1000),
    admin: readAdmin(env),
    adminToken: env.TOUCHLINE_ADMIN_TOKEN || null,
    stream: Object.freeze(readStreamConfig(env)),
    liveBatch: Object.freeze(readLiveBatchConfig(env)),
    download: Object.freeze(readDownloadConfig(env)),
  });
}
