import type { Kysely } from 'kysely';
import { liveEventsAfter, newestLiveSeq } from '../storage/repositories/live-event.repository.js';
import type { Database } from '../storage/schema.js';
import { liveEventOf, type LiveEvent } from './live-event.js';

/** Events read at once; a longer run is read in several reads, one after the other without waiting. */
const BATCH = 500;
/**
 * How long a hole in the event IDs is waited for before the events after it are sent. Updates commit in
 * the order of their IDs (one at a time: src/live/apply-update.ts), so a hole is an ID taken by a
 * transaction that then rolled back (PostgreSQL's sequences do not give IDs back) and will never fill;
 * waiting a little covers a writer that would not take turns. An event committed later than this after
 * the one following it is not streamed (its data is still served by the routes).
 */
export const GAP_WAIT_MS = 1000;

export interface LogTailOptions {
  pollMs: number;
  /** Where the log stood at the first read that worked: events after it follow. */
  onStart: (cursor: number) => void;
  /** Events read, in sequence order, never one twice. */
  onEvents: (events: LiveEvent[]) => void;
  /** A read failed; the tail reads again at its next poll. */
  onError: (error: unknown) => void;
  /** A read worked again after failures. */
  onRecovered?: () => void;
  gapWaitMs?: number;
}

/**
 * Follows the live-update log (`live_events`) from the newest event it held when it started: reads what
 * was appended every `pollMs`, or at once when woken (an update applied in this process or announced by
 * another instance). One read at a time; a wake during a read makes another one right after it. A read
 * that fails is tried again at the next poll, the first one included (the database may be down at start).
 */
export class LogTail {
  private cursorValue: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reading = false;
  private again = false;
  private stopped = false;
  private failing = false;
  /** The hole after the cursor waited for, and since when. */
  private gap: { after: number; since: number } | undefined;
  private readonly gapWaitMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: LogTailOptions,
  ) {
    this.gapWaitMs = options.gapWaitMs ?? GAP_WAIT_MS;
  }

  /** The newest event ID sent on (or skipped over as a hole); undefined before the first read. */
  get cursor(): number | undefined {
    return this.cursorValue;
  }

  /** Starts following the log from where it stands at the first read. */
  start(): void {
    this.schedule(0);
  }

  /** Reads now rather than at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.read(), ms);
    this.timer.unref();
  }

  private async read(): Promise<void> {
    this.timer = undefined;
    this.reading = true;
    this.again = false;
    let next = this.options.pollMs;
    try {
      if (this.cursorValue === undefined) {
        this.cursorValue = await newestLiveSeq(this.db);
        if (!this.stopped) this.options.onStart(this.cursorValue);
      }
      const cursor = this.cursorValue;
      const rows = await liveEventsAfter(this.db, { after: cursor, limit: BATCH });
      if (this.failing) {
        this.failing = false;
        this.options.onRecovered?.();
      }
      const events: LiveEvent[] = [];
      for (const row of rows) {
        if (row.seq !== this.cursorValue! + 1 && !this.gapOver()) {
          next = Math.min(next, this.gapWaitMs);
          break;
        }
        events.push(liveEventOf(row));
        this.cursorValue = row.seq;
        this.gap = undefined;
      }
      if (events.length > 0 && !this.stopped) this.options.onEvents(events);
      // A full batch sent on: more may follow at once.
      if (rows.length === BATCH && events.length === rows.length) next = 0;
    } catch (error) {
      this.failing = true;
      this.options.onError(error);
    } finally {
      this.reading = false;
    }
    this.schedule(this.again ? 0 : next);
  }

  /** Whether the hole after the cursor has been waited for long enough (starting to wait if it is new). */
  private gapOver(): boolean {
    const now = Date.now();
    const after = this.cursorValue!;
    if (this.gap?.after !== after) this.gap = { after, since: now };
    return now - this.gap.since >= this.gapWaitMs;
  }
}
