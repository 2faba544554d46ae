import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { addUsage, readUsage } from '../storage/repositories/key-usage.repository.js';

export const FLUSH_INTERVAL_MS = 1000;

interface PendingCount {
  keyId: string;
  /** ISO text, as stored. */
  periodStart: string;
  count: number;
}

/**
 * The durable side of quotas: counts accepted in this process are added to the database every second
 * (and on shutdown). A hard crash loses at most the last second of counts, so usage can be under-counted
 * by that much but never over-counted.
 */
export class UsageLedger {
  /** By key, then by the period's start in ms: recording a request builds no string. */
  private pending = new Map<string, Map<number, PendingCount>>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Kysely<Database>) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => undefined), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  persisted(keyId: string, periodStart: Date): Promise<number> {
    return readUsage(this.db, keyId, periodStart.toISOString());
  }

  record(keyId: string, periodStart: Date, count = 1): void {
    let periods = this.pending.get(keyId);
    if (!periods) this.pending.set(keyId, (periods = new Map()));
    const start = periodStart.getTime();
    const entry = periods.get(start);
    if (entry) entry.count += count;
    else periods.set(start, { keyId, periodStart: periodStart.toISOString(), count });
  }

  /** Counts recorded here and not yet written. */
  unflushed(keyId: string, periodStart: Date): number {
    return this.pending.get(keyId)?.get(periodStart.getTime())?.count ?? 0;
  }

  flush(): Promise<void> {
    const run = this.flushing.then(async () => {
      // Swapped out, the old map no longer receives counts: nothing adds to these entries meanwhile.
      const batch = [...this.pending.values()].flatMap((periods) => [...periods.values()]);
      if (batch.length === 0) return;
      this.pending = new Map();
      try {
        await addUsage(this.db, batch, new Date().toISOString());
      } catch (error) {
        // Keep the counts for the next attempt rather than lose them.
        for (const counted of batch) this.record(counted.keyId, new Date(counted.periodStart), counted.count);
        throw error;
      }
    });
    // The next flush waits for this one but not on its outcome: after a failed flush (database away) every
    // later one would otherwise fail with the same error without trying.
    this.flushing = run.catch(() => undefined);
    return run;
  }

  /** Stops the timer and makes a last attempt to persist; counts the database refuses now are lost. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch(() => undefined);
  }
}
