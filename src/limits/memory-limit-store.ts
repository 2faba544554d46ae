import { decision, type LimitDecision, type LimitRequest, type LimitStore } from './limit-store.js';
import { quotaKey } from './billing-period.js';
import { SlidingWindow } from './sliding-window.js';
import type { UsageLedger } from './usage-ledger.js';

function bump(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next === 0) map.delete(key);
  else map.set(key, next);
}

/**
 * Counters held by one process. Exact for everything that process serves: the decision and the count
 * happen in one synchronous step, so concurrent requests cannot both take the last slot.
 *
 * Requests can also be reserved in bulk for a cluster worker to admit on its own (see limit-broker.ts):
 * reserved requests count as used, in the minute and in the quota, until the worker reports how many it
 * really admitted and when.
 */
export class MemoryLimitStore implements LimitStore {
  private readonly windows = new Map<string, SlidingWindow>();
  private readonly used = new Map<string, number>();
  private readonly loading = new Map<string, Promise<void>>();
  /** Reserved requests by key (for the minute) and by key and period (for the quota). */
  private readonly reservedByKey = new Map<string, number>();
  private readonly reservedByPeriod = new Map<string, number>();

  constructor(readonly ledger: UsageLedger) {}

  /** Loads the period's persisted count once; concurrent first requests wait for the same load. */
  load(keyId: string, periodStart: Date): Promise<void> {
    const id = quotaKey(keyId, periodStart);
    if (this.used.has(id)) return Promise.resolve();
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.ledger.persisted(keyId, periodStart).then(
        (count) => {
          this.used.set(id, count + this.ledger.unflushed(keyId, periodStart));
          this.loading.delete(id);
        },
        (error: unknown) => {
          this.loading.delete(id);
          throw error;
        },
      );
      this.loading.set(id, pending);
    }
    return pending;
  }

  private window(keyId: string): SlidingWindow {
    let window = this.windows.get(keyId);
    if (!window) {
      window = new SlidingWindow();
      this.windows.set(keyId, window);
    }
    return window;
  }

  consumeNow(request: LimitRequest): LimitDecision | undefined {
    return this.decide(request, true);
  }

  /** What consuming would decide now, without counting anything; undefined until the counters load. */
  peek(request: LimitRequest): LimitDecision | undefined {
    return this.decide(request, false);
  }

  private decide(request: LimitRequest, count: boolean): LimitDecision | undefined {
    const { keyId, plan, period, now } = request;
    const id = quotaKey(keyId, period.start);
    const counted = this.used.get(id);
    if (counted === undefined) return undefined;
    const window = this.window(keyId);
    const inWindow = window.expire(now) + (this.reservedByKey.get(keyId) ?? 0);
    const used = counted + (this.reservedByPeriod.get(id) ?? 0);
    const fields = { inWindow, used, oldestInWindow: window.oldest };
    if (used >= plan.requestsPerPeriod) return decision(request, { ...fields, exceeded: 'quota' });
    if (inWindow >= plan.requestsPerMinute) return decision(request, { ...fields, exceeded: 'rate' });
    if (!count) return decision(request, { ...fields, exceeded: null });
    window.add(now);
    this.used.set(id, counted + 1);
    this.ledger.record(keyId, period.start);
    return decision(request, {
      exceeded: null,
      inWindow: inWindow + 1,
      used: used + 1,
      oldestInWindow: window.oldest,
    });
  }

  async consume(request: LimitRequest): Promise<LimitDecision> {
    await this.load(request.keyId, request.period.start);
    return this.consumeNow(request)!;
  }

  /** Requests of this key currently reserved for workers. */
  reserved(keyId: string): number {
    return this.reservedByKey.get(keyId) ?? 0;
  }

  /** Sets `count` requests aside (the caller has just admitted one, so the counters are loaded). */
  reserve(keyId: string, periodStart: Date, count: number): void {
    bump(this.reservedByKey, keyId, count);
    bump(this.reservedByPeriod, quotaKey(keyId, periodStart), count);
  }

  /**
   * Ends a reservation of `count` requests: the ones admitted, given as runs `[ms, count, …]` in time
   * order, are counted as if they had been consumed here; the rest are free again.
   */
  settle(keyId: string, periodStart: Date, count: number, runs: readonly number[]): void {
    bump(this.reservedByKey, keyId, -count);
    const id = quotaKey(keyId, periodStart);
    bump(this.reservedByPeriod, id, -count);
    if (runs.length === 0) return;
    const window = this.window(keyId);
    let admitted = 0;
    for (let i = 0; i + 1 < runs.length; i += 2) {
      window.add(runs[i]!, runs[i + 1]!);
      admitted += runs[i + 1]!;
    }
    const counted = this.used.get(id);
    if (counted !== undefined) this.used.set(id, counted + admitted);
    this.ledger.record(keyId, periodStart, admitted);
  }

  async usage(keyId: string, periodStart: Date): Promise<number> {
    await this.load(keyId, periodStart);
    return this.used.get(quotaKey(keyId, periodStart))!;
  }

  /** Drops the cached counts, so the next request reloads them (after a stretch as a fallback store). */
  forget(): void {
    this.used.clear();
    this.windows.clear();
  }

  async close(): Promise<void> {
    await this.ledger.close();
  }
}
