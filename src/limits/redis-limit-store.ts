import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Maybe } from '../storage/maybe.js';
import { decision, type LimitDecision, type LimitRequest, type LimitStore } from './limit-store.js';
import { FallbackAdmissions } from './fallback-admissions.js';
import { REPORT_MS } from './held-lease.js';
import type { MemoryLimitStore } from './memory-limit-store.js';
import { LEASE_MIN, LEASE_SHARE, RedisLeases, type LeaseAsk } from './redis-leases.js';
import { CONSUME, HELD_UNUSED, limitKeys, quotaCounterKey, RECONCILE } from './redis-scripts.js';
import type { UsageLedger } from './usage-ledger.js';

/** Options of a RedisLimitStore: the clock and report period of its leases (tests shorten them). */
export interface RedisLimitStoreOptions {
  clock?: () => number;
  reportMs?: number;
}

const OUTCOMES = { 0: null, 1: 'quota', 2: 'rate' } as const;

/**
 * Counters shared through Redis, so a key's limits hold across every instance. Redis keeps the live
 * counts; the database keeps the durable quota (see UsageLedger). While Redis is unreachable, each
 * process falls back to its own counters (limits then hold per process) and returns to Redis by itself.
 *
 * A busy key with room to spare is leased in blocks to each instance that serves it (RedisLeases), so
 * that most of its requests are decided here without a round trip, and counted in Redis by one report
 * for all keys every REPORT_MS; near a limit every request is decided in Redis, one at a time. A refusal
 * that requests leased elsewhere may cause waits for them to come back (a recall, answered within about
 * one report period) and is decided again once, so a lease never costs a request the limit allows.
 *
 * The fallback is kept up to date with what Redis admits here (mirror), so an outage starts from this
 * process's last minute and the last quota count it saw, and what the fallback admits is added to Redis
 * when it answers again (reconcile): however often the connection flaps, a process admits no more than
 * a key's limits.
 */
export class RedisLimitStore implements LimitStore {
  private readonly admittedOnFallback = new FallbackAdmissions();
  private readonly leases: RedisLeases;
  private readonly reportMs: number;
  private readonly clock: () => number;

  constructor(
    private readonly redis: Redis,
    private readonly ledger: UsageLedger,
    private readonly fallback: MemoryLimitStore,
    options: RedisLimitStoreOptions = {},
  ) {
    redis.defineCommand('touchlineConsume', { numberOfKeys: 4, lua: CONSUME });
    redis.defineCommand('touchlineReconcile', { lua: RECONCILE });
    this.reportMs = options.reportMs ?? REPORT_MS;
    this.clock = options.clock ?? Date.now;
    this.leases = new RedisLeases(redis, this.clock, this.reportMs);
  }

  /** Settles once this store hears recalls of its leases (RedisLeases.listen). */
  listening(): Promise<void> {
    return this.leases.listen();
  }

  /** Leases this store holds, for diagnostics and tests. */
  get leaseCount(): { held: number; ended: number } {
    return this.leases.count;
  }

  private async run(request: LimitRequest, seed: number, lease: LeaseAsk | undefined): Promise<number[]> {
    const { keyId, plan, period, now } = request;
    const ttl = Math.ceil((period.end.getTime() - now) / 1000) + 86_400;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (this.redis as any).touchlineConsume(
      ...limitKeys(keyId, period.start),
      now,
      plan.requestsPerMinute,
      plan.requestsPerPeriod,
      seed,
      ttl,
      `${now}-${randomUUID()}`,
      request.windowOnly ? 1 : 0,
      lease?.prefix ?? '',
      lease?.size ?? 0,
      LEASE_SHARE,
      LEASE_MIN,
      keyId,
    );
  }

  /** Adds to Redis what the fallback admitted for this key; on failure keeps it for the next attempt. */
  private async reconcile(keyId: string, now: number): Promise<void> {
    const admissions = this.admittedOnFallback.take(keyId);
    if (!admissions) return;
    const counters = [...admissions.quota.keys()];
    try {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await (this.redis as any).touchlineReconcile(
        1 + counters.length,
        `touchline:rate:${keyId}`,
        ...counters,
        `${now}-${randomUUID()}-`,
        now,
        ...counters.map((counter) => admissions.quota.get(counter)),
        ...admissions.times,
      );
    } catch (error) {
      this.admittedOnFallback.restore(keyId, admissions);
      throw error;
    }
  }

  /** What this process keeps of a request Redis, or a lease of it, admitted. */
  private admitted(request: LimitRequest, used: number): void {
    if (!request.windowOnly) this.ledger.record(request.keyId, request.period.start);
    this.fallback.mirror(request, used);
  }

  consume(request: LimitRequest): Maybe<LimitDecision> {
    const leased = this.leases.admit(request);
    if (leased === undefined) return this.decide(request, true);
    this.admitted(request, leased.quotaUsed);
    return leased;
  }

  private async decide(request: LimitRequest, mayWait: boolean): Promise<LimitDecision> {
    const lease = mayWait ? this.leases.ask(request) : undefined;
    let result: number[];
    try {
      if (this.admittedOnFallback.has(request.keyId)) await this.reconcile(request.keyId, request.now);
      result = await this.run(request, -1, lease);
      if (result[0] === -1) {
        const seed =
          (await this.ledger.persisted(request.keyId, request.period.start)) +
          this.ledger.unflushed(request.keyId, request.period.start);
        result = await this.run(request, seed, lease);
      }
    } catch {
      this.leases.adopt(request, lease, undefined, 0);
      return this.consumeOnFallback(request);
    }
    // The last figure: requests leased with an admitted one, or held unused by leases when refused.
    const [outcome, used, inWindow, oldest, leases] = result.map(Number) as [
      0 | 1 | 2,
      number,
      number,
      number,
      number,
    ];
    const exceeded = OUTCOMES[outcome];
    const decided = decision(request, { exceeded, used, inWindow, oldestInWindow: oldest });
    if (exceeded === null) {
      this.admitted(request, used);
      this.leases.adopt(request, lease, decided, leases);
      return decided;
    }
    this.leases.adopt(request, lease, undefined, 0);
    // Requests leased to instances (this one included) were unused: they are recalled by now; decided
    // again once they are back.
    if (leases > 0 && mayWait) {
      this.leases.end(request.keyId);
      await new Promise((resolve) => setTimeout(resolve, 2 * this.reportMs).unref());
      return this.decide({ ...request, now: Math.max(request.now, this.clock()) }, false);
    }
    return decided;
  }

  private async consumeOnFallback(request: LimitRequest): Promise<LimitDecision> {
    const decided = await this.fallback.consume(request);
    if (decided.allowed) {
      const counter = request.windowOnly ? null : quotaCounterKey(request.keyId, request.period.start);
      this.admittedOnFallback.record(request.keyId, counter, request.now);
    }
    return decided;
  }

  async usage(keyId: string, periodStart: Date): Promise<number> {
    // This process's leases first given back, so that their unused requests are not counted.
    if (this.leases.holds(keyId)) {
      this.leases.end(keyId);
      await this.leases.settle();
    }
    const [, counter, leases] = limitKeys(keyId, periodStart);
    const live = await this.redis.get(counter).catch(() => null);
    if (live !== null) {
      const unused = await this.redis.eval(HELD_UNUSED, 1, leases, Date.now()).catch(() => 0);
      return Number(live) - Number(unused);
    }
    return (await this.ledger.persisted(keyId, periodStart)) + this.ledger.unflushed(keyId, periodStart);
  }

  async close(): Promise<void> {
    await this.leases.close();
    await this.ledger.close();
  }
}
