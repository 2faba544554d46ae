import { ConfigError } from './config-error.js';

/** What one request to the admin listener may hold, and how long the rejections log keeps its rows. */
export interface LiveBatchConfig {
  /** The largest request body the admin listener reads (TOUCHLINE_ADMIN_MAX_BATCH_BYTES): past it, 413. */
  maxBatchBytes: number;
  /** The most updates one request may hold (TOUCHLINE_ADMIN_MAX_BATCH_UPDATES): past it, 413, nothing applied. */
  maxBatchUpdates: number;
  /** Rows of the rejections log kept at most, the newest (TOUCHLINE_LIVE_REJECTIONS_KEEP). */
  rejectionsKeep: number;
  /** Days a rejection is kept (TOUCHLINE_LIVE_REJECTIONS_DAYS). */
  rejectionsMaxAgeDays: number;
}

export const DEFAULT_LIVE_BATCH: Readonly<LiveBatchConfig> = Object.freeze({
  maxBatchBytes: 8 * 1024 * 1024,
  // A busy competition sends a few updates a second: a batch of 10,000 is hours of them, replayed at once.
  maxBatchUpdates: 10_000,
  rejectionsKeep: 100_000,
  rejectionsMaxAgeDays: 30,
});

type Env = Record<string, string | undefined>;

function readBounded(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

export function readLiveBatchConfig(env: Env): LiveBatchConfig {
  const d = DEFAULT_LIVE_BATCH;
  return {
    // At least one line's worth (1 MiB), at most what a process can hold twice over without strain.
    maxBatchBytes: readBounded(
      env,
      'TOUCHLINE_ADMIN_MAX_BATCH_BYTES',
      d.maxBatchBytes,
      1024 * 1024,
      256 * 1024 * 1024,
    ),
    maxBatchUpdates: readBounded(env, 'TOUCHLINE_ADMIN_MAX_BATCH_UPDATES', d.maxBatchUpdates, 1, 1_000_000),
    rejectionsKeep: readBounded(env, 'TOUCHLINE_LIVE_REJECTIONS_KEEP', d.rejectionsKeep, 100, 100_000_000),
    rejectionsMaxAgeDays: readBounded(
      env,
      'TOUCHLINE_LIVE_REJECTIONS_DAYS',
      d.rejectionsMaxAgeDays,
      1,
      36_500,
    ),
  };
}
