import type { ServerResponse } from 'node:http';
import { sseFrame, type LiveEvent } from './live-event.js';
import type { LiveSink } from './live-hub.js';

/** Events read at most at once while a stream catches up, however small they are. */
const CATCH_UP_PAGE = 200;
/** The first page's size when nothing tells how large events are: grown or shrunk by what it held. */
const FIRST_PAGE = 16;
/** What a heartbeat writes: a comment line, which EventSource ignores and proxies see as traffic. */
const HEARTBEAT = ':\n\n';
/** The name of the last event of a stream the server ends for a reason the client must know. */
export const END_EVENT = 'end';

export type StreamEnd = 'client' | 'stalled' | 'server' | 'refused';

export interface SseStreamOptions {
  /** Bytes the stream may hold unsent (Node's buffer of the response) before it stops writing. */
  bufferBytes: number;
  /** A client that takes nothing of a full buffer for this long is dropped (ms). */
  stallMs: number;
  /** Events after an event ID, oldest first, at most `limit`: what the stream follows, from the log. */
  backlog: (after: number, limit: number) => Promise<LiveEvent[]>;
  /** The newest event ID the hub has published. */
  cursor: () => number;
  /** A typical event's bytes (0: not known), which sizes the first page of a catch-up. */
  eventBytes?: () => number;
  /** Called once when the stream ends, whatever ended it. */
  onEnd: (why: StreamEnd) => void;
}

/**
 * One Server-Sent Events stream. Event IDs only go up: an event at or below the last one sent is never
 * sent (again), which is what lets the log and the hub overlap.
 *
 * Live, it writes each event the hub gives it. Catching up, it sends what the log (or the hub's memory)
 * holds between the last event sent and the hub's cursor, keeping what the hub publishes meanwhile
 * (`pending`) to send after: a new stream catches up from its Last-Event-ID, and a live stream whose
 * client reads slower than events come (Node's buffer of the response past `bufferBytes`) stops writing
 * and catches up once the client has taken what was written.
 *
 * What a stream holds is bounded in bytes whatever its client does: `bufferBytes` written and unsent plus
 * one event, and `bufferBytes` pending (frames the hub shares with every stream; past that, pending is
 * dropped and read again from the log). The catch-up reads the log lazily, in pages of about
 * `bufferBytes`, and only once the client has taken what was written: a page's events left when the
 * buffer fills are let go and read again, so a stream waiting for its client holds nothing it read
 * (a whole page held by each stalled stream, 200 events of 100 KB, ran the workers out of heap). A client
 * that takes nothing for `stallMs` is dropped, its connection destroyed; it resumes from its
 * Last-Event-ID.
 */
export class SseStream implements LiveSink {
  private lastSent = 0;
  /** Events published while catching up; null when live. */
  private pending: Array<{ event: LiveEvent; frame: Buffer }> | null = [];
  private pendingBytes = 0;
  /** Pending went past its bound and was dropped: the catch-up reads the log again. */
  private overflowed = false;
  private ended: StreamEnd | undefined;
  /** The largest frame of the last page written: what sizes the next page. */
  private eventBytes: number;
  /** Bytes written, for the access log. */
  bytes = 0;

  constructor(
    private readonly res: ServerResponse,
    private readonly options: SseStreamOptions,
  ) {
    this.eventBytes = options.eventBytes?.() ?? 0;
    res.on('close', () => this.finish('client'));
    // Write errors (a reset connection) end the response; its 'close' follows.
    res.on('error', () => undefined);
    // A client gone while the stream was being admitted: its 'close' came before anyone listened.
    if (res.destroyed || !res.socket || res.socket.destroyed) queueMicrotask(() => this.finish('client'));
  }

  get open(): boolean {
    return this.ended === undefined;
  }

  /**
   * Starts the stream after `after` (the client's Last-Event-ID; undefined for a new stream, which starts
   * at the hub's cursor). Call it in the same step as subscribing to the hub.
   */
  start(after: number | undefined): Promise<void> {
    this.lastSent = after ?? this.options.cursor();
    return this.catchUp();
  }

  deliver(event: LiveEvent, frame: Buffer): void {
    if (!this.open) return;
    if (this.pending === null) return this.send(event, frame);
    if (this.overflowed || event.seq <= this.lastSent) return;
    this.pending.push({ event, frame });
    this.pendingBytes += frame.length;
    if (this.pendingBytes > this.options.bufferBytes) {
      this.overflowed = true;
      this.pending = [];
      this.pendingBytes = 0;
    }
  }

  /** Tells the client how long to wait before reconnecting (ms); sent first. */
  retry(ms: number): void {
    if (this.open) this.write(`retry: ${ms}\n\n`);
  }

  heartbeat(): void {
    // While catching up the stream writes as the client reads; an idle connection is not what it is.
    if (this.open && this.pending === null) this.write(HEARTBEAT);
  }

  /** Ends the stream cleanly (the server is shutting down): the client reconnects after its retry delay. */
  end(): void {
    if (!this.open) return;
    this.finish('server');
    this.closeResponse();
  }

  /**
   * Ends the stream for a reason its client must know (its key refused: it would only be refused again),
   * told in a last event: `event: end` and `data`, one line of JSON. No `id`, so that the client's
   * Last-Event-ID stays the last update it received.
   */
  refuse(data: string): void {
    if (!this.open) return;
    this.finish('refused');
    this.write(`event: ${END_EVENT}\ndata: ${data}\n\n`);
    this.closeResponse();
  }

  /**
   * Ends the response; a client that does not take what is left within the stall time has its connection
   * destroyed, so that a stream ended on a stalled client does not hold its buffer for as long as the
   * client likes.
   */
  private closeResponse(): void {
    this.res.end();
    if (this.res.writableLength === 0) return;
    const timer = setTimeout(() => this.res.destroy(), this.options.stallMs);
    timer.unref();
    this.res.once('close', () => clearTimeout(timer));
  }

  /** Drops a client that takes nothing: its connection is destroyed, freeing what it holds at once. */
  private drop(): void {
    if (!this.open) return;
    this.finish('stalled');
    this.pending = null;
    this.res.destroy();
  }

  /** Sends what was missed up to the hub's cursor, then what was published meanwhile, and goes live. */
  private async catchUp(): Promise<void> {
    while (this.open) {
      // Read the cursor and start keeping what follows it in one step: nothing falls between the two.
      const target = this.options.cursor();
      this.pending = [];
      this.pendingBytes = 0;
      this.overflowed = false;
      while (this.open && this.lastSent < target) {
        // Read once the client has taken what was written: meanwhile the stream holds nothing read.
        if (this.full() && !(await this.drained())) return;
        if (!(await this.sendPage(target))) break;
      }
      if (!this.open) return;
      // Dropped while catching up: those events are in the log, read from where this stops.
      if (this.overflowed) continue;
      this.lastSent = Math.max(this.lastSent, target);
      const pending = this.pending;
      this.pending = null;
      this.pendingBytes = 0;
      // As the hub would give them: should the client fall behind again on one, the rest wait.
      for (const { event, frame } of pending) this.deliver(event, frame);
      return;
    }
  }

  /**
   * Reads a page after the last event sent and writes it up to `target`, until the buffer is full; the
   * rest is let go. Whether more may follow up to `target`. A function of its own so that the page is
   * let go when it returns: a suspended async function may keep its locals alive while it waits.
   */
  private async sendPage(target: number): Promise<boolean> {
    const limit = this.pageLimit();
    const events = await this.options.backlog(this.lastSent, limit);
    if (!this.open) return false;
    // A page shorter than asked holds every event up to now (of those its filter follows).
    let more = events.length === limit;
    let largest = 0;
    for (const event of events) {
      if (event.seq > target) {
        more = false;
        break;
      }
      const frame = sseFrame(event);
      largest = Math.max(largest, frame.length);
      this.write(frame);
      this.lastSent = event.seq;
      if (this.full()) {
        more = true;
        break;
      }
    }
    if (largest > 0) this.eventBytes = largest;
    return more;
  }

  /** Whether the client has more unsent than the stream may hold: it writes no more until it drains. */
  private full(): boolean {
    return this.res.writableLength > this.options.bufferBytes;
  }

  /** Events to read at once: about a buffer's worth, by the largest event of the last page. */
  private pageLimit(): number {
    if (this.eventBytes <= 0) return FIRST_PAGE;
    const fit = Math.floor(this.options.bufferBytes / this.eventBytes);
    return Math.max(1, Math.min(CATCH_UP_PAGE, fit));
  }

  private send(event: LiveEvent, frame: Buffer): void {
    if (event.seq <= this.lastSent || !this.open) return;
    this.lastSent = event.seq;
    this.write(frame);
    // The client reads slower than events come: stop writing, and catch up once it has read.
    if (this.pending === null && this.full()) {
      this.pending = [];
      void this.resume();
    }
  }

  private async resume(): Promise<void> {
    if (!(await this.drained())) return;
    await this.catchUp().catch(() => this.end());
  }

  private write(chunk: string | Buffer): void {
    this.res.write(chunk);
    this.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
  }

  /**
   * Waits for the client to take what is buffered; false (the stream dropped) when it does not in time.
   * A wait whose timer fires well past its time (by half the wait or more) was spent with this process
   * paused (a long collection, a starved core), and after a pause Node runs due timers before it reads
   * its sockets: the client may have taken everything meanwhile, unseen. Such a wait is made once more,
   * from then, so that a pause of the server is not taken for the client stalling; once, so that a
   * client that reads nothing is still dropped on a server always late.
   */
  private drained(): Promise<boolean> {
    if (this.res.writableLength === 0) return Promise.resolve(this.open);
    const { stallMs } = this.options;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.res.off('drain', onDrain);
        this.res.off('close', onClose);
        if (!ok) this.drop();
        resolve(ok && this.open);
      };
      const onDrain = () => done(true);
      const onClose = () => done(false);
      let due = Date.now() + stallMs;
      let waitedAgain = false;
      const onStall = () => {
        if (waitedAgain || Date.now() - due < stallMs / 2) return done(false);
        waitedAgain = true;
        due = Date.now() + stallMs;
        timer = setTimeout(onStall, stallMs);
      };
      let timer = setTimeout(onStall, stallMs);
      this.res.once('drain', onDrain);
      this.res.once('close', onClose);
    });
  }

  private finish(why: StreamEnd): void {
    if (this.ended !== undefined) return;
    this.ended = why;
    this.pending = null;
    this.options.onEnd(why);
  }
}
