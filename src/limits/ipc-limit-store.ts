import type { LimitDecision, LimitRequest, LimitStore } from './limit-store.js';
import {
  addToRuns,
  LEASE_MS,
  REPLY,
  REQUEST,
  TIMEOUT_MS,
  type Lease,
  type Settlement,
  type WireReply,
  type WireRequest,
} from './ipc-wire.js';

function wireFields(request: LimitRequest): Omit<WireRequest, 'type' | 'id' | 'op'> {
  return {
    keyId: request.keyId,
    plan: request.plan,
    periodStart: request.period.start.toISOString(),
    periodEnd: request.period.end.toISOString(),
    now: request.now,
  };
}

/** Requests this worker may admit by itself, and what it reports for them (see LimitBroker). */
interface HeldLease {
  id: number;
  keyId: string;
  periodStart: number;
  rateLimit: number;
  quotaLimit: number;
  /** Remaining figures with the whole lease counted as used. */
  rateBase: number;
  quotaBase: number;
  size: number;
  tokens: number;
  /** When this lease stops admitting; 0 until it comes into use. */
  expires: number;
  /** Admitted requests as runs (see Settlement). */
  runs: number[];
  /** The lease to go on with once this one is spent, fetched ahead of need. */
  next?: HeldLease;
  refilling: boolean;
}

function usable(lease: HeldLease, request: LimitRequest): boolean {
  return (
    lease.tokens > 0 &&
    request.now < lease.expires &&
    lease.periodStart === request.period.start.getTime() &&
    lease.rateLimit === request.plan.requestsPerMinute &&
    lease.quotaLimit === request.plan.requestsPerPeriod
  );
}

/**
 * A worker's view of counters held by the cluster primary (LimitBroker), so that without Redis every
 * worker of one server still shares one exact count per key. A request is one IPC round trip, unless
 * the primary has leased this worker requests of that key to admit without asking; a lease half spent
 * asks for the next one, so a busy key does not stall on the primary while it answers.
 */
export class IpcLimitStore implements LimitStore {
  private seq = 0;
  private closed = false;
  private readonly waiting = new Map<
    number,
    { resolve: (r: WireReply) => void; reject: (e: Error) => void }
  >();
  /** The lease in use per key, with the one fetched ahead of it on `next`. */
  private readonly leases = new Map<string, HeldLease>();
  private done: Settlement[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly onMessage = (message: unknown) => {
    const reply = message as WireReply;
    if (reply?.type !== REPLY) return;
    const waiting = this.waiting.get(reply.id);
    this.waiting.delete(reply.id);
    if (waiting) waiting.resolve(reply);
    // A lease granted after this worker stopped waiting for it goes back unused, or it would stay
    // reserved at the primary for as long as this worker lives.
    else if (reply.lease) this.done.push({ lease: reply.lease.id, runs: [] });
  };

  constructor(private readonly channel: NodeJS.Process = process) {
    channel.on('message', this.onMessage);
    // Leases end after LEASE_MS; report what they admitted soon after, so the primary's counts catch up.
    this.timer = setInterval(() => void this.settleExpired(Date.now()), LEASE_MS / 2);
    this.timer.unref();
  }

  private finish(lease: HeldLease): void {
    this.done.push({ lease: lease.id, runs: lease.runs });
  }

  /** Drops the spent or expired leases at the head of `keyId`'s chain; returns the one now in use. */
  private advance(keyId: string, keep: (lease: HeldLease) => boolean): HeldLease | undefined {
    let lease = this.leases.get(keyId);
    while (lease) {
      // A lease's time runs from when it comes into use, not from when it was fetched ahead.
      if (lease.expires === 0) lease.expires = Date.now() + LEASE_MS;
      if (keep(lease)) break;
      this.finish(lease);
      lease = lease.next;
    }
    if (lease) this.leases.set(keyId, lease);
    else this.leases.delete(keyId);
    return lease;
  }

  private adopt(request: LimitRequest, decision: LimitDecision, granted: Lease): void {
    const lease: HeldLease = {
      id: granted.id,
      keyId: request.keyId,
      periodStart: request.period.start.getTime(),
      rateLimit: decision.rateLimit,
      quotaLimit: decision.quotaLimit,
      rateBase: decision.rateRemaining - granted.tokens,
      quotaBase: decision.quotaRemaining - granted.tokens,
      size: granted.tokens,
      tokens: granted.tokens,
      expires: 0,
      runs: [],
      refilling: false,
    };
    // One lease in use and one ahead at most: any further one (from concurrent requests) goes straight
    // back, so nothing is held out of other workers' reach for long.
    const current = this.leases.get(request.keyId);
    if (this.closed || current?.next) return this.finish(lease);
    if (current) current.next = lease;
    else this.leases.set(request.keyId, lease);
  }

  private refill(lease: HeldLease, request: LimitRequest): void {
    lease.refilling = true;
    this.ask({ op: 'lease', ...wireFields(request) })
      .then((reply) => {
        if (reply.lease && reply.decision) this.adopt(request, reply.decision, reply.lease);
      })
      .catch(() => undefined)
      .finally(() => {
        lease.refilling = false;
      });
  }

  private takeDone(): Settlement[] | undefined {
    if (this.done.length === 0) return undefined;
    const done = this.done;
    this.done = [];
    return done;
  }

  private settleExpired(now: number): Promise<void> {
    for (const keyId of [...this.leases.keys()]) {
      this.advance(keyId, (lease) => now < lease.expires && lease.tokens > 0);
    }
    const settle = this.takeDone();
    if (!settle) return Promise.resolve();
    return new Promise((resolve) => {
      const message: WireRequest = { type: REQUEST, id: 0, op: 'settle', settle };
      if (!this.channel.send) resolve();
      else this.channel.send(message, undefined, undefined, () => resolve());
    });
  }

  private ask(request: Omit<WireRequest, 'type' | 'id'>): Promise<WireReply> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error('the cluster primary did not answer the limit check'));
      }, TIMEOUT_MS);
      this.waiting.set(id, {
        resolve: (reply) => {
          clearTimeout(timer);
          if (reply.error) reject(new Error(reply.error));
          else resolve(reply);
        },
        reject,
      });
      this.channel.send?.({ type: REQUEST, id, settle: this.takeDone(), ...request });
    });
  }

  consumeNow(request: LimitRequest): LimitDecision | undefined {
    const lease = this.advance(request.keyId, (held) => usable(held, request));
    if (!lease) return undefined;
    const { period, now } = request;
    lease.tokens -= 1;
    addToRuns(lease.runs, now);
    if (!lease.next && !lease.refilling && lease.tokens <= lease.size / 2) this.refill(lease, request);
    return {
      allowed: true,
      exceeded: null,
      rateLimit: lease.rateLimit,
      rateRemaining: lease.rateBase + lease.tokens,
      quotaLimit: lease.quotaLimit,
      quotaRemaining: lease.quotaBase + lease.tokens,
      quotaResetSeconds: Math.max(0, Math.ceil((period.end.getTime() - now) / 1000)),
      retryAfterSeconds: null,
    };
  }

  async consume(request: LimitRequest): Promise<LimitDecision> {
    const leased = this.consumeNow(request);
    if (leased) return leased;
    const reply = await this.ask({ op: 'consume', ...wireFields(request) });
    if (reply.lease) this.adopt(request, reply.decision!, reply.lease);
    return reply.decision!;
  }

  async usage(keyId: string, periodStart: Date): Promise<number> {
    this.advance(keyId, () => false);
    return (await this.ask({ op: 'usage', keyId, periodStart: periodStart.toISOString() })).usage!;
  }

  /** Reports every lease before the worker goes, so the primary counts what it admitted. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.settleExpired(Number.POSITIVE_INFINITY);
    this.channel.off('message', this.onMessage);
  }
}
