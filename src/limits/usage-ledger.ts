import type { Kysely } from 'kysely';
import { DEFAULT_USAGE_FLUSH_MS } from '../config/config.js';
import type { Database } from '../storage/schema.js';
import { WINDOW_MS } from './limit-store.js';
import {
  addUsage,
  readUsage,
  readWindow,
  type WindowSlot,
} from '../storage/repositories/key-usage.repository.js';
import type { UsageJournal } from './usage-journal.js';

/**
 * Admissions are persisted for the per-minute window in slots of this length, each taken as admitted at
 * its end: a window read back after a restart can only be stricter than the one lost, by under a slot
 * (a request counts against its key's minute for up to a second longer). A write holds a slot per key in
 * use per slot length since the last write, all written by the cluster primary: in tenths of a second,
 * 200 busy keys made 10,000 upserts and as many deletions every 5 s, bursts of CPU that the workers'
 * answers waited behind (bench/README.md, "Counts written less often").
 */
export const WINDOW_SLOT_MS = 1000;

interface PendingCount {
  keyId: string;
  /** ISO text, as stored. */
  periodStart: string;
  count: number;
}

/**
 * The durable side of the limits: counts accepted in this process are added to the database every
 * `flushMs` (and on shutdown), and so are, for the counters this process holds, the slots of the last
 * minute they were admitted in. Without a journal a hard crash loses at most the last `flushMs` of both:
 * usage can be under-counted by that much but never over-counted, and after a restart a key's minute
 * goes on from what was persisted. With one (UsageJournal, the cluster primary's on SQLite) a killed
 * process loses none: `recover` replays what the last one journalled and did not write.
 */
export class UsageLedger {
  /** By key, then by the period's start in ms: recording a request builds no string. */
  private pending = new Map<string, Map<number, PendingCount>>();
  /** By key, then by slot end (ms): requests admitted, for the per-minute window. */
  private slots = new Map<string, Map<number, number>>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly flushMs: number = DEFAULT_USAGE_FLUSH_MS,
    private readonly journal?: UsageJournal,
  ) {}

  /**
   * Before this ledger counts anything: adds what an earlier process on this database journalled and
   * did not write, and writes it, so that the first reads of the counts and minutes include it. The files
   * are deleted once the database has their counts (here, or at a later write if this one fails).
   */
  async recover(): Promise<number> {
    if (!this.journal) return 0;
    const entries = this.journal.adoptLeftovers();
    let admitted = 0;
    for (const entry of entries) {
      if (entry.periodStart !== undefined) this.count(entry.keyId, new Date(entry.periodStart), entry.count);
      if (entry.at !== undefined) this.countWindow(entry.keyId, entry.at, entry.count);
      admitted += entry.count;
    }
    await this.flush();
    return admitted;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => undefined), this.flushMs);
    this.timer.unref();
  }

  /**
   * The count stored for the period, read once no flush is being written: a flush holds counts that are
   * no longer `unflushed` and may not be committed yet (PostgreSQL reads on another connection meanwhile),
   * so a read during one, plus `unflushed`, would miss them. Read again if a flush took the counts while
   * the read was out (it replaces the pending map when it takes them).
   */
  async persisted(keyId: string, periodStart: Date): Promise<number> {
    for (;;) {
      await this.flushing;
      const pending = this.pending;
      const count = await readUsage(this.db, keyId, periodStart.toISOString());
      if (pending === this.pending) return count;
    }
  }

  /** A key's admissions in the last minute as persisted, as (slot end, count), oldest first. */
  persistedWindow(keyId: string, now: number): Promise<Array<{ at: number; count: number }>> {
    return readWindow(this.db, keyId, now - WINDOW_MS);
  }

  /**
   * Counts `count` requests in the period; `at` (when they were admitted) also persists them for the
   * per-minute window, for counters held in this process (Redis keeps its own).
   */
  record(keyId: string, periodStart: Date, count = 1, at?: number): void {
    this.journal?.append(keyId, periodStart.getTime(), count, at);
    this.count(keyId, periodStart, count);
    if (at !== undefined) this.countWindow(keyId, at, count);
  }

  private count(keyId: string, periodStart: Date, count: number): void {
    let periods = this.pending.get(keyId);
    if (!periods) this.pending.set(keyId, (periods = new Map()));
    const start = periodStart.getTime();
    const entry = periods.get(start);
    if (entry) entry.count += count;
    else periods.set(start, { keyId, periodStart: periodStart.toISOString(), count });
  }

  /** Persists `count` requests admitted at `at` for the per-minute window only (see LimitRequest.windowOnly). */
  recordWindow(keyId: string, at: number, count = 1): void {
    this.journal?.append(keyId, undefined, count, at);
    this.countWindow(keyId, at, count);
  }

  private countWindow(keyId: string, at: number, count: number): void {
    this.recordSlot(keyId, Math.floor(at / WINDOW_SLOT_MS) * WINDOW_SLOT_MS + WINDOW_SLOT_MS, count);
  }

  private recordSlot(keyId: string, at: number, count: number): void {
    let slots = this.slots.get(keyId);
    if (!slots) this.slots.set(keyId, (slots = new Map()));
    slots.set(at, (slots.get(at) ?? 0) + count);
  }

  /** Counts recorded here and not yet written. */
  unflushed(keyId: string, periodStart: Date): number {
    return this.pending.get(keyId)?.get(periodStart.getTime())?.count ?? 0;
  }

  flush(): Promise<void> {
    const run = this.flushing.then(async () => {
      // Swapped out, the old map no longer receives counts: nothing adds to these entries meanwhile.
      const batch = [...this.pending.values()].flatMap((periods) => [...periods.values()]);
      const slots: WindowSlot[] = [];
      for (const [keyId, byEnd] of this.slots) {
        for (const [at, count] of byEnd) slots.push({ keyId, at, count });
      }
      if (batch.length === 0 && slots.length === 0) return;
      this.pending = new Map();
      this.slots = new Map();
      // With the maps: the sealed files hold what this batch holds (and what failed batches put back).
      const sealed = this.journal?.seal() ?? 0;
      const now = Date.now();
      try {
        await addUsage(this.db, {
          deltas: batch,
          slots: slots.filter((slot) => slot.at > now - WINDOW_MS),
          windowStart: now - WINDOW_MS,
          now: new Date(now).toISOString(),
        });
        this.journal?.release(sealed);
      } catch (error) {
        // Keep the counts for the next attempt rather than lose them; their journal files stay sealed
        // (released by the next write that succeeds), so they are not journalled again.
        for (const counted of batch) this.count(counted.keyId, new Date(counted.periodStart), counted.count);
        for (const slot of slots) {
          if (slot.at > Date.now() - WINDOW_MS) this.recordSlot(slot.keyId, slot.at, slot.count);
        }
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
    this.journal?.close();
  }
}
