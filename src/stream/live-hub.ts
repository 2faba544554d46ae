import { follows, sseFrame, type LiveEvent, type StreamFilter } from './live-event.js';

/** A stream as the hub sees it: what it is given of each event it follows. */
export interface LiveSink {
  deliver(event: LiveEvent, frame: Buffer): void;
}

/** A cursor not known within this long means no tail (or primary) answers: the stream is refused (503). */
export const READY_TIMEOUT_MS = 5000;
/**
 * The newest events kept in memory, at most this many and this many bytes of data: what a stream that
 * fell behind, or a client reconnecting with a recent Last-Event-ID, is sent again without a read of
 * the log (a reconnection wave after a deployment would otherwise read it once per client).
 */
const RECENT_EVENTS = 1024;
const RECENT_BYTES = 4 * 1024 * 1024;

/**
 * One process's fan-out of live events to the streams it serves: each event goes to the streams of its
 * match, of its competition and of every event, found by two map lookups whatever the number of streams,
 * and is serialized once for all of them. Events come in sequence order, from this process's own tail
 * of the log or from the cluster primary's (live-feed.ts); `cursor` is the newest event ID published,
 * the point from which a new stream is sent what follows (older events come from the log: see
 * sse-stream.ts). It is unknown until the source has read the log once (or the primary has said where
 * it stands).
 */
export class LiveHub {
  private cursorValue: number | undefined;
  private waiting: Array<(cursor: number) => void> = [];
  private readonly all = new Set<LiveSink>();
  private readonly byMatch = new Map<string, Set<LiveSink>>();
  private readonly byCompetition = new Map<string, Set<LiveSink>>();
  private readonly listeners: Array<(events: readonly LiveEvent[]) => void> = [];
  /** The newest events published, oldest first, and the event ID before the oldest of them. */
  private readonly recent: Array<{ event: LiveEvent; frame: Buffer }> = [];
  private recentBytes = 0;
  private recentFloor = 0;

  /** The newest event ID published; undefined until the source knows where the log stands. */
  get cursor(): number | undefined {
    return this.cursorValue;
  }

  /** The mean size of the newest events' frames (0 before any): how a catch-up sizes its first read. */
  get meanEventBytes(): number {
    return this.recent.length === 0 ? 0 : Math.ceil(this.recentBytes / this.recent.length);
  }

  /** Where the log stands when the source starts; events published from then on follow it. */
  start(cursor: number): void {
    this.cursorValue = Math.max(this.cursorValue ?? 0, cursor);
    if (this.recent.length === 0) this.recentFloor = this.cursorValue;
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve(this.cursorValue);
  }

  /** The cursor once known; rejects when it is not known within `timeoutMs`. */
  ready(timeoutMs = READY_TIMEOUT_MS): Promise<number> {
    if (this.cursorValue !== undefined) return Promise.resolve(this.cursorValue);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== done);
        reject(new Error('the live event log has not been read yet'));
      }, timeoutMs);
      const done = (cursor: number) => {
        clearTimeout(timer);
        resolve(cursor);
      };
      this.waiting.push(done);
    });
  }

  /** Told of every batch published (after the streams): a process reading the invalidation log. */
  onPublish(listener: (events: readonly LiveEvent[]) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Sends events, in sequence order, to the streams that follow them. Each is kept (`recent`) and is the
   * cursor before any stream is given it, so that a stream falling behind on it reads it back.
   */
  publish(events: readonly LiveEvent[]): void {
    if (events.length === 0) return;
    for (const event of events) {
      if (this.cursorValue !== undefined && event.seq <= this.cursorValue) continue;
      const frame = sseFrame(event);
      this.keep(event, frame);
      this.cursorValue = event.seq;
      for (const sink of this.all) sink.deliver(event, frame);
      const ofMatch = this.byMatch.get(event.matchId);
      if (ofMatch) for (const sink of ofMatch) sink.deliver(event, frame);
      const ofCompetition = this.byCompetition.get(event.competitionId);
      if (ofCompetition) for (const sink of ofCompetition) sink.deliver(event, frame);
    }
    for (const listener of this.listeners) listener(events);
  }

  private keep(event: LiveEvent, frame: Buffer): void {
    this.recent.push({ event, frame });
    this.recentBytes += frame.length;
    while (
      this.recent.length > RECENT_EVENTS ||
      (this.recentBytes > RECENT_BYTES && this.recent.length > 1)
    ) {
      const dropped = this.recent.shift()!;
      this.recentBytes -= dropped.frame.length;
      this.recentFloor = dropped.event.seq;
    }
  }

  /**
   * The events after `after` that `filter` follows, oldest first, at most `limit`, from memory; undefined
   * when memory no longer holds every event after `after` (the log has them).
   */
  recentAfter(after: number, filter: StreamFilter, limit: number): LiveEvent[] | undefined {
    if (this.cursorValue === undefined || after < this.recentFloor) return undefined;
    const found: LiveEvent[] = [];
    // Newest last: the first event after `after` is found from the end, as a resumed stream is recent.
    let i = this.recent.length;
    while (i > 0 && this.recent[i - 1]!.event.seq > after) i -= 1;
    for (; i < this.recent.length && found.length < limit; i += 1) {
      const { event } = this.recent[i]!;
      if (follows(filter, event)) found.push(event);
    }
    return found;
  }

  /** Adds a stream for `filter`; returns what removes it. */
  subscribe(filter: StreamFilter, sink: LiveSink): () => void {
    const [index, key] =
      filter.matchId !== undefined
        ? [this.byMatch, filter.matchId]
        : filter.competitionId !== undefined
          ? [this.byCompetition, filter.competitionId]
          : [undefined, ''];
    if (!index) {
      this.all.add(sink);
      return () => void this.all.delete(sink);
    }
    let sinks = index.get(key);
    if (!sinks) index.set(key, (sinks = new Set()));
    sinks.add(sink);
    return () => {
      sinks.delete(sink);
      if (sinks.size === 0 && index.get(key) === sinks) index.delete(key);
    };
  }

  /** Streams subscribed, for diagnostics and tests. */
  get size(): number {
    let size = this.all.size;
    for (const sinks of this.byMatch.values()) size += sinks.size;
    for (const sinks of this.byCompetition.values()) size += sinks.size;
    return size;
  }
}
