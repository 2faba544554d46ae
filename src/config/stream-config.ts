import { randomBytes } from 'node:crypto';
import { ConfigError } from './config-error.js';

/** The live stream's settings (docs/live-stream.md), read once with the rest of the configuration. */
export interface StreamConfig {
  /** How often each instance reads the live-update log for new events (TOUCHLINE_LIVE_POLL_MS). */
  livePollMs: number;
  /** How often an open stream gets a comment line when nothing else was sent (TOUCHLINE_STREAM_HEARTBEAT_MS). */
  heartbeatMs: number;
  /**
   * Bytes a stream may hold unsent for a client that does not read (TOUCHLINE_STREAM_BUFFER_KB), plus one
   * event: past it the stream stops writing until its client has taken them (and is dropped if it takes
   * nothing for twice the heartbeat), then resumes from the log.
   */
  bufferBytes: number;
  /**
   * Streams one key may hold open at once, whatever its plan (TOUCHLINE_STREAM_MAX_PER_KEY): a key holds
   * the smaller of this and its plan's per-minute limit.
   */
  maxStreamsPerKey: number;
  /**
   * Streams one serving process (each worker with --workers) holds at once (TOUCHLINE_STREAM_MAX_PER_WORKER):
   * with the per-stream bound (bufferBytes plus one event), what its streams can hold in memory.
   */
  maxStreamsPerWorker: number;
  /** Signs the tokens browsers open streams with (TOUCHLINE_STREAM_TOKEN_SECRET). */
  tokenSecret: string;
  /**
   * The secret was made at start because none was set: tokens are then refused by other instances and
   * after a restart. A cluster primary hands it to its workers, so they accept each other's.
   */
  tokenSecretGenerated: boolean;
}

export const TOKEN_SECRET_VARIABLE = 'TOUCHLINE_STREAM_TOKEN_SECRET';
/** 32 characters at least: an HMAC key shorter than its hash's 32 bytes weakens it. */
export const MIN_TOKEN_SECRET_LENGTH = 32;

/** The defaults of the stream limits, also those of a feed opened without a configuration (tests). */
export const DEFAULT_MAX_STREAMS_PER_KEY = 1000;
export const DEFAULT_MAX_STREAMS_PER_WORKER = 4000;

type Env = Record<string, string | undefined>;

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

export function readStreamConfig(env: Env): StreamConfig {
  const secret = env[TOKEN_SECRET_VARIABLE];
  if (secret !== undefined && secret !== '' && secret.length < MIN_TOKEN_SECRET_LENGTH) {
    throw new ConfigError(
      TOKEN_SECRET_VARIABLE,
      `must be at least ${MIN_TOKEN_SECRET_LENGTH} characters long`,
    );
  }
  const generated = secret === undefined || secret === '';
  return {
    livePollMs: readInt(env, 'TOUCHLINE_LIVE_POLL_MS', 250, 10, 60_000),
    heartbeatMs: readInt(env, 'TOUCHLINE_STREAM_HEARTBEAT_MS', 15_000, 1000, 600_000),
    bufferBytes: readInt(env, 'TOUCHLINE_STREAM_BUFFER_KB', 64, 4, 16_384) * 1024,
    maxStreamsPerKey: readInt(env, 'TOUCHLINE_STREAM_MAX_PER_KEY', DEFAULT_MAX_STREAMS_PER_KEY, 1, 1_000_000),
    maxStreamsPerWorker: readInt(
      env,
      'TOUCHLINE_STREAM_MAX_PER_WORKER',
      DEFAULT_MAX_STREAMS_PER_WORKER,
      1,
      1_000_000,
    ),
    tokenSecret: generated ? randomBytes(32).toString('base64url') : secret,
    tokenSecretGenerated: generated,
  };
}
