import os from 'node:os';
import path from 'node:path';
import { ConfigError } from './config-error.js';
import { readPlans, type Plan } from './plans.js';

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
  /** How often an API process re-reads the dataset generation (ms) to drop stale cached responses. */
  generationPollMs: number;
  /** Whether answers are cached at all (off measures the database path, e.g. in the benchmark). */
  responseCache: boolean;
  /** Number of cached serialized responses kept per process. */
  responseCacheEntries: number;
  /** Memory the cached responses of one process may take, in bytes (TOUCHLINE_CACHE_MB). */
  responseCacheBytes: number;
  /** Seconds a response stays in the shared (Redis) cache; generations make older ones unreachable anyway. */
  sharedCacheTtlSeconds: number;
  /** On SIGTERM, how long to keep answering (each answer closing its connection) before closing (ms). */
  drainMs: number;
  /** Plans keys can belong to (rate per minute, quota per billing period). */
  plans: readonly Plan[];
  /** HTTP worker processes for `serve`: 1 in development, one per core in production unless set. */
  workers: number;
}

export const DEFAULT_SOURCES = [
  'https://github.com/openfootball/football.json/archive/refs/heads/master.tar.gz',
];

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

function readPort(env: Env): number {
  const raw = env.PORT ?? '8080';
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 0 || port > 65535) {
    throw new ConfigError('PORT', `must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
}

function readEnum<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function readDatabaseUrl(env: Env, cwd: string): string {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') return `sqlite:${path.join(cwd, 'var', 'touchline.db')}`;
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

function readSources(env: Env): string[] {
  const raw = env.TOUCHLINE_SOURCES;
  if (raw === undefined) return DEFAULT_SOURCES;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Parses and validates the whole configuration once; callers receive a frozen object. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Readonly<Config> {
  const host = env.HOST && env.HOST !== '' ? env.HOST : '127.0.0.1';
  const mode = readEnum(env, 'TOUCHLINE_ENV', ['development', 'production'] as const, 'development');
  return Object.freeze({
    host,
    port: readPort(env),
    databaseUrl: readDatabaseUrl(env, cwd),
    redisUrl: readRedisUrl(env),
    logLevel: readEnum(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    env: mode,
    sources: readSources(env),
    generationPollMs: readPositiveInt(env, 'TOUCHLINE_GENERATION_POLL_MS', 1000),
    responseCache: readEnum(env, 'TOUCHLINE_RESPONSE_CACHE', ['on', 'off'] as const, 'on') === 'on',
    responseCacheEntries: readPositiveInt(env, 'TOUCHLINE_CACHE_ENTRIES', 5000),
    responseCacheBytes: readPositiveInt(env, 'TOUCHLINE_CACHE_MB', 16) * 1024 * 1024,
    sharedCacheTtlSeconds: readPositiveInt(env, 'TOUCHLINE_SHARED_CACHE_TTL_SECONDS', 3600),
    workers: readWorkers(env, mode),
    plans: readPlans(env.TOUCHLINE_PLANS_FILE),
    drainMs: readNonNegativeInt(env, 'TOUCHLINE_DRAIN_MS', 1000),
  });
}
