// A lease as a cluster worker holds it: the record IpcLimitStore keeps per key and admits requests from,
// whether it can admit a given request, and how one the primary grants is taken up. Apart from the store
// so that the shape of a lease reads in one place, and the store's file holds what is done with leases.
import type { Lease } from './ipc-wire.js';
import type { LimitDecision, LimitRequest } from './limit-store.js';

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
    runs: [],
    askedNext: false,
  };
}
