import type { Plan } from '../config/plans.js';
import type { Maybe } from '../storage/maybe.js';
import type { BillingPeriod } from './billing-period.js';

export const WINDOW_MS = 60_000;

export interface LimitRequest {
  keyId: string;
  plan: Plan;
  period: BillingPeriod;
  now: number;
  /**
   * Counted in the minute window only: neither refused for the quota nor added to it. For answers that
   * cost the service little and must not eat into what a customer pays for (a usage check, a 304).
   */
  windowOnly?: boolean;
}

/** The outcome of counting one request, with what the response headers report. */
export interface LimitDecision {
  allowed: boolean;
  /** Which limit refused the request, when one did. */
  exceeded: 'rate' | 'quota' | null;
  rateLimit: number;
  rateRemaining: number;
  /** Requests in the window, this one included when admitted; can exceed the limit after a plan change. */
  rateUsed: number;
  /**
   * Seconds until the sliding window frees a request (its oldest request turns a minute old); 0 with an
   * empty window. From a lease it is an upper bound: the lease knows the oldest request when it was
   * granted, and its own after that (see admitFrom).
   */
  rateResetSeconds: number;
  quotaLimit: number;
  quotaRemaining: number;
  /** Requests counted in the period; can exceed the quota (a plan change, Redis outages). */
  quotaUsed: number;
  /** Seconds until the billing period ends and the quota starts again. */
  quotaResetSeconds: number;
  /** Seconds to wait before a retry can succeed; null when allowed. */
  retryAfterSeconds: number | null;
}

/**
 * Counts requests per key: a sliding one-minute window (at most N accepted requests in any 60 s, so no
 * burst at window edges) and a billing-period quota. Refused requests count against neither; requests
 * marked `windowOnly` against the window only, with the same exactness.
 */
export interface LimitStore {
  /**
   * Counts one request: decided at once where the store can (counters already in this process, a
   * lease), which then costs the caller no promise, else later. Either way counted at most once.
   */
  consume(request: LimitRequest): Maybe<LimitDecision>;
  /** Requests counted in the period starting at `periodStart`, including those not yet persisted. */
  usage(keyId: string, periodStart: Date): Promise<number>;
  /** Persists pending counts and releases resources. */
  close(): Promise<void>;
}

/** Seconds until a window whose oldest request came at `oldest` (ms) frees one, within 0 and 60. */
export function resetSeconds(oldest: number | null, now: number): number {
  if (oldest === null) return 0;
  return Math.min(WINDOW_MS / 1000, Math.max(0, Math.ceil((oldest + WINDOW_MS - now) / 1000)));
}

export function decision(
  request: LimitRequest,
  fields: {
    exceeded: 'rate' | 'quota' | null;
    inWindow: number;
    used: number;
    oldestInWindow: number | null;
  },
): LimitDecision {
  const { plan, period, now } = request;
  const quotaResetSeconds = Math.max(0, Math.ceil((period.end.getTime() - now) / 1000));
  let retryAfterSeconds: number | null = null;
  if (fields.exceeded === 'quota') retryAfterSeconds = Math.max(1, quotaResetSeconds);
  if (fields.exceeded === 'rate') {
    retryAfterSeconds = Math.max(1, Math.ceil(((fields.oldestInWindow ?? now) + WINDOW_MS - now) / 1000));
  }
  const oldest = fields.inWindow > 0 ? fields.oldestInWindow : null;
  return {
    allowed: fields.exceeded === null,
    exceeded: fields.exceeded,
    rateLimit: plan.requestsPerMinute,
    rateRemaining: Math.max(0, plan.requestsPerMinute - fields.inWindow),
    rateUsed: fields.inWindow,
    rateResetSeconds: resetSeconds(oldest, now),
    quotaLimit: plan.requestsPerPeriod,
    quotaRemaining: Math.max(0, plan.requestsPerPeriod - fields.used),
    quotaUsed: fields.used,
    quotaResetSeconds,
    retryAfterSeconds,
  };
}
