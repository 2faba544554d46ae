// A lease as its holder keeps it (a cluster worker's IpcLimitStore, or RedisLeases): the record kept per key
// and admitted requests from, whether it can admit a given request, how one granted is taken up, and the
// times of what it admitted. Apart from the stores so that the shape of a lease reads in one place.
import type { Lease } from './ipc-wire.js';
import { resetSeconds, WINDOW_MS, type LimitDecision, type LimitRequest } from './limit-store.js';

/**
 * How often a holder reports what its leases admitted (to the cluster primary, or to Redis), so that the
 * shared counts trail by this much.
 */
export const REPORT_MS = 200;
/** A lease not used for this long ends, so that keys no longer busy hold nothing on either side. */
export const LEASE_IDLE_MS = 2000;

/** Adds one request at `ms` to runs kept in time order. */
export function addToRuns(runs: number[], ms: number): void {
  const last = runs.length - 2;
  if (last >= 0 && runs[last] === ms) runs[last + 1]! += 1;
  else runs.push(ms, 1);
}

/** Requests this worker may admit by itself, and what it reports for them (see LimitBroker). */
export interface HeldLease {
  id: number;
  keyId: string;
  periodStart: number;
  rateLimit: number;
  quotaLimit: number;
  /** Remaining figures with the whole lease counted as used, refreshed by each report's answer. */
  rateBase: number;
  quotaBase: number;
  size: number;
  tokens: number;
  /** When a request last came from it (or it came into use); idle leases end. */
  lastUsed: number;
  /** When the window frees a request, as known at the grant (ms); the lease's own first one after that. */
  resetAt: number;
  /** When the lease admitted its first request (ms); null before. */
  firstAdmitted: number | null;
  /** Admitted requests since the last report, as runs (see Settlement). */
  runs: number[];
  /** The lease to go on with once this one is spent, fetched ahead of need. */
  next?: HeldLease;
  /** Whether it asked for `next` already: once is enough, even when the primary had none to give. */
  askedNext: boolean;
}

/** Whether `lease` can admit `request`: tokens left, for the same period and the same plan's limits. */
export function usable(lease: HeldLease, request: LimitRequest): boolean {
  return (
    lease.tokens > 0 &&
    lease.periodStart === request.period.start.getTime() &&
    lease.rateLimit === request.plan.requestsPerMinute &&
    lease.quotaLimit === request.plan.requestsPerPeriod
  );
}

/** The lease `granted` with `decision` on `request`, none of it used yet. */
export function heldLease(request: LimitRequest, decision: LimitDecision, granted: Lease): HeldLease {
  return {
    id: granted.id,
    keyId: request.keyId,
    periodStart: request.period.start.getTime(),
    rateLimit: decision.rateLimit,
    quotaLimit: decision.quotaLimit,
    rateBase: decision.rateRemaining - granted.tokens,
    quotaBase: decision.quotaRemaining - granted.tokens,
    size: granted.tokens,
    tokens: granted.tokens,
    lastUsed: Date.now(),
    resetAt: request.now + decision.rateResetSeconds * 1000,
    firstAdmitted: null,
    runs: [],
    askedNext: false,
  };
}

/** Admits `request` from `lease` (which `usable` said can): one token spent, its time kept in runs. */
export function admitFrom(lease: HeldLease, request: LimitRequest): LimitDecision {
  const { period, now } = request;
  lease.tokens -= 1;
  lease.lastUsed = now;
  lease.firstAdmitted ??= now;
  addToRuns(lease.runs, now);
  // The oldest request known at the grant frees the window first; once it has, the lease's own first is
  // in the window still (others' may be older: an upper bound).
  const resetAt = lease.resetAt > now ? lease.resetAt : lease.firstAdmitted + WINDOW_MS;
  const rateRemaining = lease.rateBase + lease.tokens;
  const quotaRemaining = lease.quotaBase + lease.tokens;
  return {
    allowed: true,
    exceeded: null,
    rateLimit: lease.rateLimit,
    rateRemaining,
    rateUsed: lease.rateLimit - rateRemaining,
    rateResetSeconds: resetSeconds(resetAt - WINDOW_MS, now),
    quotaLimit: lease.quotaLimit,
    quotaRemaining,
    quotaUsed: lease.quotaLimit - quotaRemaining,
    quotaResetSeconds: Math.max(0, Math.ceil((period.end.getTime() - now) / 1000)),
    retryAfterSeconds: null,
  };
}
