import type { Worker } from 'node:cluster';
import type { LimitDecision, LimitRequest } from './limit-store.js';
import type { MemoryLimitStore } from './memory-limit-store.js';
import {
  RECALL,
  REPLY,
  REQUEST,
  TIMEOUT_MS,
  type Lease,
  type Settlement,
  type WireRecall,
  type WireReply,
  type WireRequest,
} from './ipc-wire.js';

const MAX_LEASE = 1024;
const MIN_LEASE = 16;

/**
 * How many more requests a worker may admit on its own: a small share of what is left, so that all the
 * workers together hold a fraction of it, and none at all near a limit, where every request is decided
 * here, one at a time.
 */
function leaseSize(decision: LimitDecision, workers: number): number {
  const headroom = Math.min(decision.rateRemaining, decision.quotaRemaining);
  const tokens = Math.min(MAX_LEASE, Math.floor(headroom / (8 * Math.max(1, workers))));
  return tokens >= MIN_LEASE ? tokens : 0;
}

function admittedIn(runs: readonly number[]): number {
  let admitted = 0;
  for (let i = 1; i < runs.length; i += 2) admitted += runs[i]!;
  return admitted;
}

interface Outstanding {
  id: number;
  worker: Worker;
  /** The request it was granted with: its key, plan and period. */
  request: LimitRequest;
  /** Reserved requests the worker has not reported yet. */
  tokens: number;
  /** Asked back from its worker, which ends it on receipt. */
  recalled: boolean;
}

/** One key's outstanding leases, and the refusals that wait for them to be settled. */
interface KeyLeases {
  leases: Outstanding[];
  waiting: Array<() => void>;
}

/**
 * In the cluster primary: holds every key's counters for the workers of one server, so that limits stay
 * exact across them without Redis. A worker asks for each request it cannot decide itself; with plenty
 * of room left the answer also leases it a block of requests to admit by itself for as long as it keeps
 * using them, which keeps busy keys off this channel. The worker reports what its leases admitted every
 * REPORT_MS, and those counts replace the reservation. Leased requests count as used until they are
 * reported or settled, so a limit is never exceeded; a refusal that only leased requests cause recalls
 * them and waits for them to be settled (about one round trip), so no request is refused that the limit
 * would have allowed.
 */
export class LimitBroker {
  private nextLease = 0;
  private readonly leases = new Map<number, Outstanding>();
  private readonly keys = new Map<string, KeyLeases>();

  constructor(
    private readonly store: MemoryLimitStore,
    private readonly workers: number,
  ) {}

  /** Leases granted and not yet settled, for diagnostics. */
  get outstandingLeases(): number {
    return this.leases.size;
  }

  serve(worker: Worker): void {
    worker.on('message', (message: unknown) => this.receive(worker, message as WireRequest));
    // A worker that dies takes its unsettled requests with it: they are released, uncounted.
    worker.on('exit', () => {
      for (const [id, lease] of this.leases) {
        if (lease.worker === worker) this.release(id, []);
      }
    });
  }

  private receive(worker: Worker, req: WireRequest): void {
    if (req?.type !== REQUEST) return;
    this.settle(req.settle);
    if (req.op === 'settle') return;
    if (req.op === 'report') {
      this.send(worker, { type: REPLY, id: req.id, figures: this.report(worker, req.report ?? []) });
      return;
    }
    // The worker has given up on a check this old: counting it now would count a refused request.
    if (req.now !== undefined && Date.now() - req.now > TIMEOUT_MS) return;
    const answer =
      req.op === 'consume'
        ? this.consume(worker, req)
        : req.op === 'lease'
          ? Promise.resolve(this.refill(worker, req))
          : this.store
              .usage(req.keyId!, new Date(req.periodStart!))
              .then((usage): WireReply => ({ type: REPLY, id: req.id, usage }));
    void answer
      .catch((error: Error): WireReply => ({ type: REPLY, id: req.id, error: error.message }))
      .then((reply) => reply && this.send(worker, reply));
  }

  private send(worker: Worker, message: WireReply | WireRecall): void {
    if (worker.isConnected()) worker.send(message);
  }

  private settle(settlements: Settlement[] | undefined): void {
    for (const s of settlements ?? []) this.release(s.lease, s.runs);
  }

  /**
   * Counts what leases that go on admitted, which replaces as much of their reservation; answers with
   * each one's remaining figures as the worker's estimates should start from now.
   */
  private report(worker: Worker, reports: readonly Settlement[]): number[] {
    const figures: number[] = [];
    const now = Date.now();
    for (const { lease: id, runs } of reports) {
      const lease = this.leases.get(id);
      const left = lease?.worker === worker ? this.countReported(lease, runs, now) : undefined;
      if (left) figures.push(left.rateRemaining, left.quotaRemaining);
      else figures.push(-1, -1);
    }
    return figures;
  }

  /** What the key has left once `runs` are counted, the rest of the lease still counted as used. */
  private countReported(lease: Outstanding, runs: readonly number[], now: number): LimitDecision | undefined {
    const admitted = admittedIn(runs);
    const { keyId, period } = lease.request;
    if (admitted > 0) this.store.settle(keyId, period.start, admitted, runs);
    lease.tokens -= admitted;
    return this.store.peek({ ...lease.request, now });
  }

  /** Ends a lease: the requests in `runs` are counted, the rest of its reservation is free again. */
  private release(id: number, runs: readonly number[]): void {
    const lease = this.leases.get(id);
    if (!lease) return;
    this.leases.delete(id);
    const { keyId, period } = lease.request;
    this.store.settle(keyId, period.start, lease.tokens, runs);
    const held = this.keys.get(keyId);
    if (!held) return;
    held.leases.splice(held.leases.indexOf(lease), 1);
    if (held.leases.length === 0) this.keys.delete(keyId);
    const waiting = held.waiting;
    held.waiting = [];
    for (const retry of waiting) retry();
  }

  /**
   * Asks the workers holding leases of this key to end them now. A worker is sent one recall for all
   * the leases it then holds, and no other until those are settled: refusals in a burst send no storm.
   */
  private recall(held: KeyLeases): void {
    for (const lease of held.leases) {
      const { worker } = lease;
      if (held.leases.some((other) => other.worker === worker && other.recalled)) continue;
      for (const other of held.leases) if (other.worker === worker) other.recalled = true;
      this.send(worker, { type: RECALL, keyId: lease.request.keyId });
    }
  }

  private limitRequest(req: WireRequest): LimitRequest {
    return {
      keyId: req.keyId!,
      plan: req.plan!,
      period: { start: new Date(req.periodStart!), end: new Date(req.periodEnd!) },
      now: req.now!,
      windowOnly: req.windowOnly === true,
    };
  }

  /** Reserves `tokens` requests for `worker` and names the lease. */
  private lease(worker: Worker, request: LimitRequest, tokens: number): Lease {
    this.store.reserve(request.keyId, request.period.start, tokens);
    const lease: Outstanding = { id: (this.nextLease += 1), worker, request, tokens, recalled: false };
    this.leases.set(lease.id, lease);
    const held = this.keys.get(request.keyId);
    if (held) held.leases.push(lease);
    else this.keys.set(request.keyId, { leases: [lease], waiting: [] });
    return { id: lease.id, tokens };
  }

  /** The key's leases when some of its requests are still reserved, so that a refusal may be theirs. */
  private reserving(keyId: string): KeyLeases | undefined {
    return this.store.reserved(keyId) > 0 ? this.keys.get(keyId) : undefined;
  }

  /** A further lease for a worker whose current one runs low; none when room is short. */
  private refill(worker: Worker, req: WireRequest): WireReply {
    const request = this.limitRequest(req);
    const decision = this.store.peek(request);
    const tokens = decision?.allowed ? leaseSize(decision, this.workers) : 0;
    if (decision && !decision.allowed) {
      // At a limit, leased requests are better decided here, one at a time.
      const held = this.reserving(request.keyId);
      if (held) this.recall(held);
    }
    if (tokens === 0) return { type: REPLY, id: req.id };
    return { type: REPLY, id: req.id, decision, lease: this.lease(worker, request, tokens) };
  }

  private async consume(
    worker: Worker,
    req: WireRequest,
    askedAt = req.now!,
  ): Promise<WireReply | undefined> {
    const request = this.limitRequest(req);
    await this.store.load(request.keyId, request.period.start);
    // From here on synchronous: the lease is sized on the counts this very decision saw.
    const decision = this.store.consume(request) as LimitDecision; // loaded: decided at once
    const held = decision.allowed ? undefined : this.reserving(request.keyId);
    if (held) {
      // Leased requests may go unused: get them back, and decide again once they are settled.
      this.recall(held);
      return new Promise((resolve) => {
        held.waiting.push(() => {
          if (Date.now() - askedAt > TIMEOUT_MS) resolve(undefined);
          else resolve(this.consume(worker, { ...req, now: Date.now() }, askedAt));
        });
      });
    }
    // A lease admits requests that count in the quota: none is granted on a window-only one.
    const tokens = decision.allowed && !request.windowOnly ? leaseSize(decision, this.workers) : 0;
    if (tokens === 0) return { type: REPLY, id: req.id, decision };
    return { type: REPLY, id: req.id, decision, lease: this.lease(worker, request, tokens) };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
