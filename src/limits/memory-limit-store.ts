import { decision, type LimitDecision, type LimitRequest, type LimitStore } from './limit-store.js';
import { SlidingWindow } from './sliding-window.js';
import type { UsageLedger } from './usage-ledger.js';

/**
 * Counters held by one process. Exact for everything that process serves: the decision and the count
 * happen in one synchronous step, so concurrent requests cannot both take the last slot.
 */
export class MemoryLimitStore implements LimitStore {
  private readonly windows = new Map<string, SlidingWindow>();
  private readonly used = new Map<string, number>();
  private readonly loading = new Map<string, Promise<void>>();

  constructor(private readonly ledger: UsageLedger) {}

  private quotaKey(keyId: string, periodStart: Date): string {
    return `${keyId}\u0000${periodStart.toISOString()}`;
  }

  /** Loads the period's persisted count once; concurrent first requests wait for the same load. */
  private load(keyId: string, periodStart: Date): Promise<void> {
    const id = this.quotaKey(keyId, periodStart);
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

  async consume(request: LimitRequest): Promise<LimitDecision> {
    const { keyId, plan, period, now } = request;
    await this.load(keyId, period.start);
    const id = this.quotaKey(keyId, period.start);
    let window = this.windows.get(keyId);
    if (!window) {
      window = new SlidingWindow();
      this.windows.set(keyId, window);
    }
    const inWindow = window.expire(now);
    const used = this.used.get(id)!;
    const fields = { inWindow, used, oldestInWindow: window.oldest };
    if (used >= plan.requestsPerPeriod) return decision(request, { ...fields, exceeded: 'quota' });
    if (inWindow >= plan.requestsPerMinute) return decision(request, { ...fields, exceeded: 'rate' });
    window.add(now);
    this.used.set(id, used + 1);
    this.ledger.record(keyId, period.start);
    return decision(request, {
      exceeded: null,
      inWindow: window.size,
      used: used + 1,
      oldestInWindow: window.oldest,
    });
  }

  async usage(keyId: string, periodStart: Date): Promise<number> {
    await this.load(keyId, periodStart);
    return this.used.get(this.quotaKey(keyId, periodStart))!;
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
