import os from 'node:os';
import path from 'node:path';
import { ConfigError } from './config-error.js';
import {
  DEFAULT_DATABASE_FILE,
  DEFAULT_SOURCES,
  DEFAULT_USAGE_FLUSH_MS,
  type EnvironmentVariables,
  type VariableName,
} from './environment-schema.js';
import { readPlans, type Plan } from './plans.js';
import { decodeVariable, readEnvironment } from './read-environment.js';
import { readStreamConfig, type StreamConfig } from './stream-config.js';
import { readLiveBatchConfig, type LiveBatchConfig } from './live-batch-config.js';
import { readDownloadConfig, type DownloadConfig } from './download-config.js';
import { parseAllowHosts, type WebhookConfig } from './webhook-config.js';

export { ConfigError, DEFAULT_DATABASE_FILE, DEFAULT_SOURCES, DEFAULT_USAGE_FLUSH_MS };

const MiB = 1024 * 1024;

export type Environment = 'development' | 'production';
export type LogLevel = EnvironmentVariables['LOG_LEVEL'];

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
  /** Webhook delivery: the worker, the targets allowed (webhook-config.ts). */
  webhooks: WebhookConfig;
}

export interface AdminListenerConfig {
  host: string;
  port: number;
  /** The bearer token the listener requires (never an API key). */
  token: string;
}

/** A source `serve` re-ingests every `intervalMs` (measured from the end of its newest run). */
export interface RefreshSchedule {
  source: string;
  intervalMs: number;
}

/** Every configured source is refreshed this often when TOUCHLINE_REFRESH is not set (ms). */
export const DEFAULT_REFRESH_MS = 60 * 60 * 1000;
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

type Env = Record<string, string | undefined>;

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

/** A DATABASE_URL the schema let through, its SQLite file resolved against the working directory. */
function resolveDatabaseUrl(raw: string, cwd: string): string {
  if (!raw.startsWith('sqlite:')) return raw;
  const file = raw.slice('sqlite:'.length).replace(/^\/\//, '');
  if (file === '')
    throw new ConfigError('DATABASE_URL', 'sqlite: needs a file path, e.g. sqlite:var/touchline.db');
  return file === ':memory:' ? 'sqlite::memory:' : `sqlite:${path.resolve(cwd, file)}`;
}

/** "auto" (one per core) or 1-256; shared by TOUCHLINE_WORKERS and `serve --workers`. */
export function parseWorkerCount(raw: string, name: string): number {
  return workerCount(decodeVariable('TOUCHLINE_WORKERS', raw, name));
}

function workerCount(value: number | 'auto'): number {
  return value === 'auto' ? os.availableParallelism() : value;
}

/** A comma-separated list, its items trimmed and the empty ones left out. */
function listOf(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A duration the schema let through (DURATION_PATTERN), in ms: never under a second. */
function durationMs(name: VariableName, raw: string): number {
  const ms = parseDuration(raw)!;
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
function adminListener(vars: EnvironmentVariables): AdminListenerConfig | null {
  const port = vars.TOUCHLINE_ADMIN_PORT;
  if (port === undefined) return null;
  const token = vars.TOUCHLINE_ADMIN_TOKEN ?? '';
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
  return { host: vars.TOUCHLINE_ADMIN_HOST, port, token };
}

/**
 * Reads the whole configuration once: the environment decoded through its schema (environment-schema.ts),
 * then what the schema cannot say (grammars, rules joining variables, units); callers receive a frozen
 * object.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Readonly<Config> {
  const vars = readEnvironment(env);
  const sources = listOf(vars.TOUCHLINE_SOURCES);
  const refreshRetryMinMs = durationMs('TOUCHLINE_REFRESH_RETRY_MIN', vars.TOUCHLINE_REFRESH_RETRY_MIN);
  const refreshRetryMaxMs = durationMs('TOUCHLINE_REFRESH_RETRY_MAX', vars.TOUCHLINE_REFRESH_RETRY_MAX);
  if (refreshRetryMaxMs < refreshRetryMinMs) {
    throw new ConfigError(
      'TOUCHLINE_REFRESH_RETRY_MAX',
      `must not be shorter than TOUCHLINE_REFRESH_RETRY_MIN (${vars.TOUCHLINE_REFRESH_RETRY_MIN})`,
    );
  }
  const accessLog = vars.TOUCHLINE_ACCESS_LOG;
  const metricsPort = vars.TOUCHLINE_METRICS_PORT;
  const workers = vars.TOUCHLINE_WORKERS;
  return Object.freeze({
    host: vars.HOST,
    port: vars.PORT,
    databaseUrl: resolveDatabaseUrl(vars.DATABASE_URL, cwd),
    redisUrl: vars.REDIS_URL ?? null,
    logLevel: vars.LOG_LEVEL,
    env: vars.TOUCHLINE_ENV,
    sources,
    refresh: Object.freeze(parseRefresh(vars.TOUCHLINE_REFRESH, sources)),
    refreshRetryMinMs,
    refreshRetryMaxMs,
    clubs: vars.TOUCHLINE_CLUBS ?? null,
    generationPollMs: vars.TOUCHLINE_GENERATION_POLL_MS,
    usageFlushMs: vars.TOUCHLINE_USAGE_FLUSH_MS,
    responseCache: vars.TOUCHLINE_RESPONSE_CACHE === 'on',
    responseCacheEntries: vars.TOUCHLINE_CACHE_ENTRIES,
    // One region per process (cache/body-ring.ts); the schema bounds it by the largest Buffer.
    responseCacheBytes: vars.TOUCHLINE_CACHE_MB * MiB,
    sqliteMmapBytes: vars.TOUCHLINE_SQLITE_MMAP_MB * MiB,
    sharedCacheTtlSeconds: vars.TOUCHLINE_SHARED_CACHE_TTL_SECONDS,
    workers:
      workers === undefined
        ? vars.TOUCHLINE_ENV === 'production'
          ? os.availableParallelism()
          : 1
        : workerCount(workers),
    plans: readPlans(vars.TOUCHLINE_PLANS_FILE),
    corsOrigins: readCorsOrigins(vars.TOUCHLINE_CORS_ORIGINS),
    compression: vars.TOUCHLINE_COMPRESSION === 'on',
    accessLogSample: accessLog === 'on' ? 1 : accessLog === 'off' ? 0 : accessLog,
    metrics: metricsPort === undefined ? null : { host: vars.TOUCHLINE_METRICS_HOST, port: metricsPort },
    drainMs: vars.TOUCHLINE_DRAIN_MS,
    admin: adminListener(vars),
    adminToken: vars.TOUCHLINE_ADMIN_TOKEN ?? null,
    stream: Object.freeze(readStreamConfig(env)),
    liveBatch: Object.freeze(readLiveBatchConfig(env)),
    download: Object.freeze(readDownloadConfig(env)),
    webhooks: Object.freeze({
      deliver: vars.TOUCHLINE_WEBHOOKS === 'on',
      allowHttp: vars.TOUCHLINE_WEBHOOK_ALLOW_HTTP === 'on',
      allowHosts: Object.freeze(parseAllowHosts(vars.TOUCHLINE_WEBHOOK_ALLOW_HOSTS)),
      concurrency: vars.TOUCHLINE_WEBHOOK_CONCURRENCY,
    }),
  });
}
