import { backoffDelay, type Backoff } from '../ingest/backoff.js';

/**
 * When a failed delivery is tried again (docs/webhooks.md, "Retries"): 5 s after the first failure, doubling
 * to at most an hour, each delay less up to a fifth at random so that subscriptions failing together do not
 * retry together. After FAILURES_TO_DISABLE failures in a row (16 to 20 hours of retries, jitter deciding)
 * the subscription is disabled until its owner enables it again; its events wait after its cursor.
 */
export const RETRY_BACKOFF: Backoff = { baseMs: 5000, capMs: 3_600_000, jitter: 0.2 };
export const FAILURES_TO_DISABLE = 30;

/** The delay before the attempt after `failures` failures in a row. */
export const retryDelay = (failures: number, random: () => number = Math.random): number =>
  backoffDelay(failures, RETRY_BACKOFF, random);
