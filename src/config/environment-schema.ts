import path from 'node:path';
import { Type, type Static, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';
import { MAX_RING_BYTES } from '../cache/body-ring.js';
import { DEFAULT_SOURCE_SPECS } from '../vocabulary/public-locations.js';

/**
 * The environment variables config.ts reads, as one TypeBox object schema: each variable's type, default,
 * constraints and a one-line description. read-environment.ts decodes the environment through it once;
 * what no schema keyword can say (a grammar such as TOUCHLINE_REFRESH's, a rule joining two variables)
 * is checked in config.ts after it. The README's configuration table lists every variable here with the
 * same default (test/unit/config/readme-table.test.ts). The live stream's variables are still read by
 * stream-config.ts on their own.
 *
 * Options beside TypeBox's own, read by read-environment.ts and the README test:
 * - `documentedDefault`: the README's default where no `default` value says it (unset: "unset");
 * - `errorMessage`: what a refused value is told, instead of one made from the constraints;
 * - `keepEmpty`: an empty value means something (none, off) instead of "unset, take the default";
 * - `echo`: whether the refusal repeats the value: `value` (the default), `none` (a secret), or
 *   `without-credentials` (a URL, its user and password replaced).
 */
export interface VariableOptions {
  description: string;
  documentedDefault?: string;
  errorMessage?: string;
  keepEmpty?: boolean;
  echo?: 'value' | 'none' | 'without-credentials';
}

/** The SQLite file used when DATABASE_URL is unset, relative to the working directory. */
export const DEFAULT_DATABASE_FILE = path.join('var', 'touchline.db');

export const DEFAULT_SOURCES = DEFAULT_SOURCE_SPECS;

const MiB = 1024 * 1024;

/**
 * How often a process writes the request counts it holds, by default (src/limits/usage-ledger.ts). Not
 * every second: on SQLite each commit makes every API process's connection drop its whole page cache at
 * its next read (WAL mode knows changes per database file, not per table), so counts written every second
 * slowed every uncached read of a busy server (bench/README.md, "Counts written less often"). What it
 * costs: a hard crash loses up to this long of counts, in the customers' favour.
 */
export const DEFAULT_USAGE_FLUSH_MS = 5000;

/** `90s`, `15m`, `1.5h`, `1d`, `2500ms`: a number and a unit (config.ts parseDuration). */
export const DURATION_PATTERN = '^\\s*\\d+(\\.\\d+)?(ms|s|m|h|d)\\s*$';

const integer = (
  minimum: number,
  maximum: number | undefined,
  options: VariableOptions & { default?: number },
) => Type.Integer({ minimum, ...(maximum === undefined ? {} : { maximum }), ...options });

const port = (options: VariableOptions & { default?: number }) => integer(0, 65535, options);

/** One of a few words; Static gives their union. */
const literals = <T extends string>(
  values: readonly T[],
  options: VariableOptions & { default: NoInfer<T> },
) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as TUnion<TLiteral<T>[]>;

const onOff = (fallback: 'on' | 'off', options: VariableOptions) =>
  literals(['on', 'off'] as const, { default: fallback, ...options });

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const text = (options: VariableOptions & { default?: string; pattern?: string }) => Type.String(options);

const duration = (fallback: string, description: string) =>
  Type.String({
    pattern: DURATION_PATTERN,
    default: fallback,
    description,
    errorMessage: 'must be a duration such as 30s, 15m, 1h or 1d',
  });

export const EnvironmentSchema = Type.Object({
  HOST: text({ default: '127.0.0.1', description: 'Address the API listens on.' }),
  PORT: port({ default: 8080, description: 'Port the API listens on.' }),
  DATABASE_URL: text({
    default: `sqlite:${DEFAULT_DATABASE_FILE}`,
    pattern: '^(sqlite:|postgres(ql)?://)',
    description: 'sqlite:<file> (embedded, relative to the working directory) or postgres://…',
    errorMessage: 'must start with sqlite: or postgres://',
    echo: 'without-credentials',
  }),
  REDIS_URL: Type.Optional(
    text({
      pattern: '^rediss?://\\S+$',
      description: 'Redis shared by every instance: cached answers and request counters.',
      errorMessage: 'must start with redis:// or rediss://',
      echo: 'none',
    }),
  ),
  LOG_LEVEL: literals(LOG_LEVELS, { default: 'info', description: 'The lowest level logged.' }),
  TOUCHLINE_ENV: literals(['development', 'production'] as const, {
    default: 'development',
    description: 'development (keys test_…) or production (keys live_…).',
  }),
  TOUCHLINE_WORKERS: Type.Optional(
    Type.Union([Type.Literal('auto'), Type.Integer({ minimum: 1, maximum: 256 })], {
      description: 'HTTP processes of serve: auto (one per core) or 1-256.',
      documentedDefault: '1 in development, one per core in production',
      errorMessage: 'must be "auto" or an integer from 1 to 256',
    }),
  ),
  TOUCHLINE_PLANS_FILE: Type.Optional(
    text({
      description: 'A JSON file replacing the built-in plans (plans.ts).',
      documentedDefault: 'unset: the built-in plans',
    }),
  ),
  TOUCHLINE_SOURCES: text({
    default: DEFAULT_SOURCES.join(','),
    keepEmpty: true,
    description: 'Comma-separated [source=]locations ingested on first start; empty: none.',
    documentedDefault: 'every open source, from its public repository',
  }),
  TOUCHLINE_REFRESH: Type.Optional(
    text({
      keepEmpty: true,
      description:
        'Refresh schedule: <source>=<interval>, <source>=off, one bare interval; empty or off: none.',
      documentedDefault: 'every source, `1h`',
    }),
  ),
  TOUCHLINE_REFRESH_RETRY_MIN: duration('1m', 'First retry after a failed refresh, doubling per failure.'),
  TOUCHLINE_REFRESH_RETRY_MAX: duration('1h', 'The longest retry delay after failed refreshes.'),
  TOUCHLINE_CLUBS: Type.Optional(
    text({ description: 'Where sources read the openfootball/clubs directory from.' }),
  ),
  TOUCHLINE_GENERATION_POLL_MS: integer(1, undefined, {
    default: 1000,
    description: 'How often a process reads the invalidation log (ms).',
  }),
  // From a tenth of a second to a minute: a key's window is a minute long.
  TOUCHLINE_USAGE_FLUSH_MS: integer(100, 60_000, {
    default: DEFAULT_USAGE_FLUSH_MS,
    description: 'How often a process writes the request counts it holds (ms).',
  }),
  TOUCHLINE_RESPONSE_CACHE: onOff('on', { description: 'off caches no answer at all.' }),
  TOUCHLINE_CACHE_ENTRIES: integer(1, undefined, {
    default: 5000,
    description: 'Answers kept in the in-process cache.',
  }),
  TOUCHLINE_CACHE_MB: integer(1, Math.floor(MAX_RING_BYTES / MiB), {
    default: 16,
    description: 'Memory the in-process cache may take per process (MiB); no Buffer is larger.',
  }),
  TOUCHLINE_SHARED_CACHE_TTL_SECONDS: integer(1, undefined, {
    default: 3600,
    description: 'Seconds an answer stays in Redis.',
  }),
  TOUCHLINE_SQLITE_MMAP_MB: integer(0, undefined, {
    default: 1024,
    description: 'SQLite: MiB of the database file read through a memory map (0: none).',
  }),
  TOUCHLINE_METRICS_PORT: Type.Optional(port({ description: 'Port of the Prometheus metrics listener.' })),
  TOUCHLINE_METRICS_HOST: text({ default: '127.0.0.1', description: 'Address of the metrics listener.' }),
  TOUCHLINE_CORS_ORIGINS: text({
    default: '*',
    keepEmpty: true,
    description: 'Origins browsers may call the API from: *, a comma-separated list, or off (or empty).',
  }),
  TOUCHLINE_COMPRESSION: onOff('on', { description: 'off sends every answer uncompressed.' }),
  TOUCHLINE_ACCESS_LOG: Type.Union(
    [Type.Literal('on'), Type.Literal('off'), Type.Number({ minimum: 0, maximum: 1 })],
    {
      default: 'on',
      description: 'The access log: on, off, or the fraction of requests to log.',
      errorMessage: 'must be on, off or a fraction between 0 and 1',
    },
  ),
  TOUCHLINE_DRAIN_MS: integer(0, undefined, {
    default: 1000,
    description: 'On SIGTERM, how long serve keeps answering before it closes (ms).',
  }),
  TOUCHLINE_ADMIN_PORT: Type.Optional(
    port({ description: 'Port of the admin listener live updates are sent to.' }),
  ),
  TOUCHLINE_ADMIN_HOST: text({ default: '127.0.0.1', description: 'Address of the admin listener.' }),
  // Checked in config.ts only with TOUCHLINE_ADMIN_PORT: `replay --to` sends it to another process's
  // listener, which judges it.
  TOUCHLINE_ADMIN_TOKEN: Type.Optional(
    text({ description: "The admin listener's bearer token (24+ printable characters).", echo: 'none' }),
  ),
  TOUCHLINE_WEBHOOKS: onOff('on', {
    description: 'off: serve delivers no webhook (they wait in the outbox).',
  }),
  TOUCHLINE_WEBHOOK_ALLOW_HTTP: onOff('off', { description: 'on: webhooks may target http URLs too.' }),
  TOUCHLINE_WEBHOOK_ALLOW_HOSTS: text({
    default: '',
    keepEmpty: true,
    description: 'Hosts and CIDR ranges webhooks may reach though private or local, comma-separated.',
    documentedDefault: 'none',
  }),
  TOUCHLINE_WEBHOOK_CONCURRENCY: integer(1, 64, {
    default: 8,
    description: 'Webhook subscriptions one process delivers to at once.',
  }),
});

/** The environment as decoded: every variable of the schema, typed, with its default where it has one. */
export type EnvironmentVariables = Static<typeof EnvironmentSchema>;

export type VariableName = keyof EnvironmentVariables;

/** A variable's schema with the options above, for the reader and the README test. */
export type VariableSchema = TSchema & Partial<VariableOptions> & { default?: unknown };
