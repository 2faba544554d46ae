import type { Plan } from '../config/plans.js';
import type { LimitDecision } from './limit-store.js';

/** Messages between cluster workers and the primary that holds the request counters. */
export const REQUEST = 'touchline:limits';
export const REPLY = 'touchline:limits:reply';
/** A worker gives up on an answer after this long; the primary then drops the request uncounted. */
export const TIMEOUT_MS = 2000;
/** How long a worker may admit requests from a lease before it must report them. */
export const LEASE_MS = 200;

/**
 * What a worker admitted from one lease: the times of its requests as runs, `[ms, count, ms, count, …]`
 * in time order (a busy worker admits several requests per millisecond).
 */
export interface Settlement {
  lease: number;
  runs: number[];
}

/** Adds one request at `ms` to runs kept in time order. */
export function addToRuns(runs: number[], ms: number): void {
  const last = runs.length - 2;
  if (last >= 0 && runs[last] === ms) runs[last + 1]! += 1;
  else runs.push(ms, 1);
}

export interface WireRequest {
  type: typeof REQUEST;
  id: number;
  /** `lease` asks for a block of requests without counting one (a worker refilling ahead of need). */
  op: 'consume' | 'lease' | 'usage' | 'settle';
  keyId?: string;
  plan?: Plan;
  periodStart?: string;
  periodEnd?: string;
  now?: number;
  /** Leases the worker is done with, reported before this request is decided. */
  settle?: Settlement[];
}

/** Requests reserved for the worker to admit by itself, counted as used until it settles them. */
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
  error?: string;
}
