import type { LimitDecision, LimitRequest, LimitStore } from './limit-store.js';
import {
  LEASE_MS,
  REPLY,
  REQUEST,
  TIMEOUT_MS,
  type Settlement,
  type WireReply,
  type WireRequest,
} from './ipc-wire.js';

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
  tokens: number;
  expires: number;
  times: number[];
}

/**
 * A worker's view of counters held by the cluster primary (LimitBroker), so that without Redis every
 * worker of one server still shares one exact count per key. A request is one IPC round trip, unless
 * the primary has leased this worker requests of that key to admit without asking.
 */
export class IpcLimitStore implements LimitStore {
  private seq = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (r: WireReply) => void; reject: (e: Error) => void }
  >();
  private readonly leases = new Map<string, HeldLease>();
  private done: Settlement[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly onMessage = (message: unknown) => {
    const reply = message as WireReply;
    if (reply?.type !== REPLY) return;
    this.waiting.get(reply.id)?.resolve(reply);
    this.waiting.delete(reply.id);
  };

  constructor(private readonly channel: NodeJS.Process = process) {
    channel.on('message', this.onMessage);
    // Leases end after LEASE_MS; report what they admitted soon after, so the primary's counts catch up.
    this.timer = setInterval(() => this.settleExpired(Date.now()), LEASE_MS / 2);
    this.timer.unref();
  }

  private finish(lease: HeldLease): void {
    if (this.leases.get(lease.keyId) === lease) this.leases.delete(lease.keyId);
    this.done.push({ lease: lease.id, times: lease.times });
  }

  private takeDone(): Settlement[] | undefined {
    if (this.done.length === 0) return undefined;
    const done = this.done;
    this.done = [];
    return done;
  }

  private settleExpired(now: number): Promise<void> {
    for (const lease of this.leases.values()) if (now >= lease.expires) this.finish(lease);
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
    const lease = this.leases.get(request.keyId);
    if (!lease) return undefined;
    const { plan, period, now } = request;
    if (
      now >= lease.expires ||
      lease.periodStart !== period.start.getTime() ||
      lease.rateLimit !== plan.requestsPerMinute ||
      lease.quotaLimit !== plan.requestsPerPeriod
    ) {
      this.finish(lease);
      return undefined;
    }
    lease.tokens -= 1;
    lease.times.push(now);
    if (lease.tokens === 0) this.finish(lease);
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
    const reply = await this.ask({
      op: 'consume',
      keyId: request.keyId,
      plan: request.plan,
      periodStart: request.period.start.toISOString(),
      periodEnd: request.period.end.toISOString(),
      now: request.now,
    });
    const decision = reply.decision!;
    if (reply.lease) {
      const previous = this.leases.get(request.keyId);
      if (previous) this.finish(previous);
      this.leases.set(request.keyId, {
        id: reply.lease.id,
        keyId: request.keyId,
        periodStart: request.period.start.getTime(),
        rateLimit: decision.rateLimit,
        quotaLimit: decision.quotaLimit,
        rateBase: decision.rateRemaining - reply.lease.tokens,
        quotaBase: decision.quotaRemaining - reply.lease.tokens,
        tokens: reply.lease.tokens,
        expires: Date.now() + LEASE_MS,
        times: [],
      });
    }
    return decision;
  }

  async usage(keyId: string, periodStart: Date): Promise<number> {
    const lease = this.leases.get(keyId);
    if (lease) this.finish(lease);
    return (await this.ask({ op: 'usage', keyId, periodStart: periodStart.toISOString() })).usage!;
  }

  /** Reports every lease before the worker goes, so the primary counts what it admitted. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.settleExpired(Number.POSITIVE_INFINITY);
    this.channel.off('message', this.onMessage);
  }
}
