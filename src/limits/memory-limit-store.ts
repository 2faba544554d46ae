import type { Maybe } from '../storage/maybe.js';
import { decision, type LimitDecision, type LimitRequest, type LimitStore } from './limit-store.js';
import { SlidingWindow } from './sliding-window.js';
import type { UsageLedger } from './usage-ledger.js';

/** One key's counters: its minute, and its count and reservations per billing period (by start, in ms). */
interface KeyCounters {
  window: SlidingWindow;
  used: Map<number, number>;
  /** Requests reserved for workers, for the minute and per period. */
  reserved: number;
  reservedIn: Map<number, number>;
  /** Whether the minute persisted by an earlier process has been asked for (once per key). */
  windowRead: boolean;
}

function bump(map: Map<number, number>, key: number, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next === 0) map.delete(key);
  else map.set(key, next);
}

/**
 * Counters held by one process. Exact for everything that process serves: the decision and the count
 * happen in one synchronous step, so concurrent requests cannot both take the last slot. Counters are
 * found by key, then by period start, so that counting a request builds no string.
 *
 * Requests can also be reserved in bulk for a cluster worker to admit on its own (see limit-broker.ts):
 * reserved requests count as used, in the minute and in the quota, until the worker reports how many it
 * really admitted and when.
 */
export class MemoryLimitStore implements LimitStore {
  private readonly keys = new Map<string, KeyCounters>();
  private readonly loading = new Map<string, Promise<void>>();

  constructor(readonly ledger: UsageLedger) {}

  private counters(keyId: string): KeyCounters {
    let counters = this.keys.get(keyId);
    if (!counters) {
      counters = {
        window: new SlidingWindow(),
        used: new Map(),
        reserved: 0,
        reservedIn: new Map(),
        windowRead: false,
      };
      this.keys.set(keyId, counters);
    }
    return counters;
  }

  /**
   * Loads the period's persisted count once, and at a key's first request the minute persisted before a
   * restart; concurrent first requests wait for the same load.
   */
  load(keyId: string, periodStart: Date): Promise<void> {
    const start = periodStart.getTime();
    const counters = this.counters(keyId);
    if (counters.used.has(start)) return Promise.resolve();
    const id = `${keyId} ${start}`;
    let pending = this.loading.get(id);
    if (!pending) {
      const window = counters.windowRead ? undefined : this.ledger.persistedWindow(keyId, Date.now());
      counters.windowRead = true;
      pending = Promise.all([this.ledger.persisted(keyId, periodStart), window]).then(
        ([count, slots]) => {
          for (const slot of slots ?? []) counters.window.add(slot.at, slot.count);
          counters.used.set(start, count + this.ledger.unflushed(keyId, periodStart));
          this.loading.delete(id);
        },
        (error: unknown) => {
          if (window) counters.windowRead = false;
          this.loading.delete(id);
          throw error;
        },
      );
      this.loading.set(id, pending);
    }
    return pending;
  }

  /** What consuming would decide now, without counting anything; undefined until the counters load. */
  peek(request: LimitRequest): LimitDecision | undefined {
    return this.decide(request, false);
  }

  private decide(request: LimitRequest, count: boolean): LimitDecision | undefined {
    const { keyId, plan, period, now, windowOnly } = request;
    const counters = this.keys.get(keyId);
    const start = period.start.getTime();
    const counted = counters?.used.get(start);
    if (counters === undefined || counted === undefined) return undefined;
    const { window } = counters;
    const inWindow = window.expire(now) + counters.reserved;
    const used = counted + (counters.reservedIn.get(start) ?? 0);
    const fields = { inWindow, used, oldestInWindow: window.oldest };
    if (!windowOnly && used >= plan.requestsPerPeriod)
      return decision(request, { ...fields, exceeded: 'quota' });
    if (inWindow >= plan.requestsPerMinute) return decision(request, { ...fields, exceeded: 'rate' });
    if (!count) return decision(request, { ...fields, exceeded: null });
    window.add(now);
    if (windowOnly) this.ledger.recordWindow(keyId, now);
    else {
      counters.used.set(start, counted + 1);
      this.ledger.record(keyId, period.start, 1, now);
    }
    return decision(request, {
      exceeded: null,
      inWindow: inWindow + 1,
      used: windowOnly ? used : used + 1,
      oldestInWindow: window.oldest,
    });
  }

  consume(request: LimitRequest): Maybe<LimitDecision> {
    return (
      this.decide(request, true) ??
      this.load(request.keyId, request.period.start).then(() => this.decide(request, true)!)
    );
  }

  /** Requests of this key currently reserved for workers. */
  reserved(keyId: string): number {
    return this.keys.get(keyId)?.reserved ?? 0;
  }

  /** Sets `count` requests aside (the caller has just admitted one, so the counters are loaded). */
  reserve(keyId: string, periodStart: Date, count: number): void {
    const counters = this.counters(keyId);
    counters.reserved += count;
    bump(counters.reservedIn, periodStart.getTime(), count);
  }

  /**
   * Ends a reservation of `count` requests: the ones admitted, given as runs `[ms, count, …]` in time
   * order, are counted as if they had been consumed here; the rest are free again.
   */
  settle(keyId: string, periodStart: Date, count: number, runs: readonly number[]): void {
    const counters = this.counters(keyId);
    const start = periodStart.getTime();
    counters.reserved -= count;
    bump(counters.reservedIn, start, -count);
    if (runs.length === 0) return;
    let admitted = 0;
    for (let i = 0; i + 1 < runs.length; i += 2) {
      counters.window.add(runs[i]!, runs[i + 1]!);
      this.ledger.record(keyId, periodStart, runs[i + 1]!, runs[i]!);
      admitted += runs[i + 1]!;
    }
    const counted = counters.used.get(start);
    if (counted !== undefined) counters.used.set(start, counted + admitted);
  }

  async usage(keyId: string, periodStart: Date): Promise<number> {
    await this.load(keyId, periodStart);
    return this.keys.get(keyId)!.used.get(periodStart.getTime())!;
  }

  /**
   * Counts a request another store admitted (Redis, for which this store is the fallback): the minute
   * gets it, and the period takes that store's count when it is higher, so that an outage starts from
   * what this process last knew instead of from nothing. The other store records it in the ledger.
   */
  mirror(request: LimitRequest, used: number): void {
    const counters = this.counters(request.keyId);
    counters.window.expire(request.now);
    counters.window.add(request.now);
    const start = request.period.start.getTime();
    const counted = counters.used.get(start);
    if (counted === undefined || counted < used) counters.used.set(start, used);
  }

  async close(): Promise<void> {
    await this.ledger.close();
  }
}
