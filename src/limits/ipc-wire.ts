import type { Plan } from '../config/plans.js';
import type { LimitDecision } from './limit-store.js';

/** Messages between cluster workers and the primary that holds the request counters. */
export const REQUEST = 'touchline:limits';
export const REPLY = 'touchline:limits:reply';
/** From the primary: the worker is to end its leases of a key and settle them at once. */
export const RECALL = 'touchline:limits:recall';
/** A worker gives up on an answer after this long; the primary then drops the request uncounted. */
export const TIMEOUT_MS = 2000;

/**
 * What a worker admitted from one lease (since its last report, for a lease that goes on): the times of
 * its requests as runs, `[ms, count, ms, count, …]` in time order (a busy worker admits several
 * requests per millisecond).
 */
export interface Settlement {
  lease: number;
  runs: number[];
}

export interface WireRequest {
  type: typeof REQUEST;
  id: number;
  /**
   * `lease` asks for a block of requests without counting one (a worker refilling ahead of need);
   * `report` counts what the leases in `report` admitted, and is answered with their `figures`.
   */
  op: 'consume' | 'lease' | 'usage' | 'settle' | 'report';
  keyId?: string;
  plan?: Plan;
  periodStart?: string;
  periodEnd?: string;
  now?: number;
  /** See LimitRequest.windowOnly. */
  windowOnly?: boolean;
  /** Leases the worker is done with, reported before this request is decided. */
  settle?: Settlement[];
  /** Leases the worker goes on with: what each admitted since the last report. */
  report?: Settlement[];
}

/** Requests reserved for the worker to admit by itself, counted as used until it reports them. */
export interface Lease {
  id: number;
  tokens: number;
}

export interface WireReply {
  type: typeof REPLY;
  id: number;
  decision?: LimitDecision;
  lease?: Lease;
  usage?: number;
  /**
   * For a report, per lease in its order: the rate and quota remaining with the lease's outstanding
   * requests counted as used, `[rate, quota, rate, quota, …]`; -1 for a lease the primary no longer holds.
   */
  figures?: number[];
  error?: string;
}

export interface WireRecall {
  type: typeof RECALL;
  keyId: string;
}
