import type { Worker } from 'node:cluster';
import type { LimitDecision, LimitRequest } from './limit-store.js';
import type { MemoryLimitStore } from './memory-limit-store.js';
import {
  REPLY,
  REQUEST,
  TIMEOUT_MS,
  type Lease,
  type Settlement,
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

interface Outstanding {
  worker: Worker;
  keyId: string;
  periodStart: Date;
  tokens: number;
}

/**
 * In the cluster primary: holds every key's counters for the workers of one server, so that limits stay
 * exact across them without Redis. A worker asks for each request it cannot decide itself; with plenty
 * of room left the answer also leases it a block of requests to admit by itself for a moment, which
 * keeps busy keys off this channel. Leased requests count as used until they are settled, so a limit is
 * never exceeded; a refusal that only leased requests cause waits for them to be settled, so no request
 * is refused that the limit would have allowed.
 */
export class LimitBroker {
  private nextLease = 0;
  private readonly leases = new Map<number, Outstanding>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(
    private readonly store: MemoryLimitStore,
    private readonly workers: number,
  ) {}

  serve(worker: Worker): void {
    worker.on('message', (message: unknown) => {
      const req = message as WireRequest;
      if (req?.type !== REQUEST) return;
      this.settle(req.settle);
      if (req.op === 'settle') return;
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
        .then((reply) => {
          if (reply && worker.isConnected()) worker.send(reply);
        });
    });
    // A worker that dies takes its unsettled requests with it: they are released, uncounted.
    worker.on('exit', () => {
      for (const [id, lease] of this.leases) {
        if (lease.worker === worker) this.release(id, []);
      }
    });
  }

  private settle(settlements: Settlement[] | undefined): void {
    for (const s of settlements ?? []) this.release(s.lease, s.runs);
  }

  private release(id: number, runs: readonly number[]): void {
    const lease = this.leases.get(id);
    if (!lease) return;
    this.leases.delete(id);
    this.store.settle(lease.keyId, lease.periodStart, lease.tokens, runs);
    const waiting = this.waiting.get(lease.keyId);
    if (!waiting) return;
    this.waiting.delete(lease.keyId);
    for (const retry of waiting) retry();
  }

  private limitRequest(req: WireRequest): LimitRequest {
    return {
      keyId: req.keyId!,
      plan: req.plan!,
      period: { start: new Date(req.periodStart!), end: new Date(req.periodEnd!) },
      now: req.now!,
    };
  }

  /** Reserves `tokens` requests for `worker` and names the lease. */
  private lease(worker: Worker, request: LimitRequest, tokens: number): Lease {
    this.store.reserve(request.keyId, request.period.start, tokens);
    const lease: Lease = { id: (this.nextLease += 1), tokens };
    this.leases.set(lease.id, { worker, keyId: request.keyId, periodStart: request.period.start, tokens });
    return lease;
  }

  /** A further lease for a worker whose current one runs low; none when room is short. */
  private refill(worker: Worker, req: WireRequest): WireReply {
    const request = this.limitRequest(req);
    const decision = this.store.peek(request);
    const tokens = decision?.allowed ? leaseSize(decision, this.workers) : 0;
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
    const decision = this.store.consumeNow(request)!;
    if (!decision.allowed && this.store.reserved(request.keyId) > 0) {
      // Leased requests may go unused: decide again once they are settled (within LEASE_MS).
      return new Promise((resolve) => {
        const queue = this.waiting.get(request.keyId) ?? [];
        queue.push(() => {
          if (Date.now() - askedAt > TIMEOUT_MS) resolve(undefined);
          else resolve(this.consume(worker, { ...req, now: Date.now() }, askedAt));
        });
        this.waiting.set(request.keyId, queue);
      });
    }
    const tokens = decision.allowed ? leaseSize(decision, this.workers) : 0;
    if (tokens === 0) return { type: REPLY, id: req.id, decision };
    return { type: REPLY, id: req.id, decision, lease: this.lease(worker, request, tokens) };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
