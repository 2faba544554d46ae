import type { Redis } from 'ioredis';
import {
  DEFAULT_MAX_STREAMS_PER_KEY,
  DEFAULT_MAX_STREAMS_PER_WORKER,
  type StreamConfig,
} from '../config/stream-config.js';
import { FailureStreaks, type StreakLogger } from '../logging/failure-streaks.js';
import type { Storage } from '../storage/connection.js';
import type { LiveEvent } from './live-event.js';
import { LiveHub } from './live-hub.js';
import { onLiveNotify } from './live-notify.js';
import { LogTail } from './log-tail.js';
import { RedisStreamSlots } from './redis-stream-slots.js';
import { RedisWake } from './redis-wake.js';
import { MemoryStreamSlots, type StreamSlots } from './stream-slots.js';
import { WorkerLive, type PrimaryLink } from './worker-live.js';

/** What the stream routes need of a process: its fan-out, its slots, and how streams are kept. */
export interface LiveStreams {
  hub: LiveHub;
  slots: StreamSlots;
  /** A comment line goes to each stream this often. */
  heartbeatMs: number;
  /** Bytes a stream may hold unsent (plus one event) before it stops writing and waits for its client. */
  bufferBytes: number;
  /** Streams a key may hold at once, whatever its plan allows (TOUCHLINE_STREAM_MAX_PER_KEY). */
  maxStreamsPerKey: number;
  /** Streams this process holds at once (TOUCHLINE_STREAM_MAX_PER_WORKER). */
  maxStreamsPerWorker: number;
  /** Signs and checks the tokens of browser streams. */
  tokenSecret: string;
}

export interface LiveFeed extends LiveStreams {
  close(): Promise<void>;
}

export interface LiveFeedOptions
  extends
    Pick<StreamConfig, 'livePollMs' | 'heartbeatMs' | 'bufferBytes' | 'tokenSecret'>,
    Partial<Pick<StreamConfig, 'maxStreamsPerKey' | 'maxStreamsPerWorker'>> {
  /** Where failures are logged, once per streak. */
  log?: StreakLogger;
  /** With Redis: wake-ups between instances, and stream slots shared by them (this client). */
  redisUrl?: string | null;
  redis?: Redis;
  /** A cluster worker: events come from the primary, which follows the log for the instance. */
  primary?: PrimaryLink;
  /** Told of every batch of events reaching this process (after its streams). */
  onEvents?: (events: readonly LiveEvent[]) => void;
}

/** Logged at start when TOUCHLINE_STREAM_TOKEN_SECRET is not set (docs/live-stream.md, "Browsers"). */
export const GENERATED_SECRET_WARNING =
  'TOUCHLINE_STREAM_TOKEN_SECRET is not set: stream tokens are signed with a secret made at start, so ' +
  'other instances refuse them, and so does this one after a restart; set the same secret on every instance';

const QUIET: StreakLogger = { error: () => undefined, warn: () => undefined };

/**
 * The live feed of a serving process. On its own it follows the log itself (LogTail) and, with Redis,
 * wakes at other instances' announcements and announces its own; as a cluster worker it gets the
 * primary's events (live-primary.ts) and asks the primary to read when updates were applied here.
 * `notifyLiveEvents()` in this process does the right one of these.
 */
export function openLiveFeed(storage: Storage, options: LiveFeedOptions): LiveFeed {
  const streaks = new FailureStreaks(options.log ?? QUIET);
  const hub = new LiveHub();
  if (options.onEvents) hub.onPublish(options.onEvents);
  const redisFailed = (error: unknown) =>
    streaks.failed('redis', 'live stream: Redis failing; wake-ups wait for the poll', error);
  const closers: Array<() => void | Promise<void>> = [];
  let slots: StreamSlots;
  if (options.primary) {
    const worker = new WorkerLive(options.primary, hub);
    closers.push(
      onLiveNotify(() => worker.wake()),
      () => worker.close(),
    );
    slots = worker.slots;
  } else {
    const tail = followLog(storage, hub, options.livePollMs, streaks);
    const wake = options.redisUrl
      ? new RedisWake(options.redisUrl, { onWake: () => tail.wake(), onError: redisFailed })
      : undefined;
    closers.push(
      onLiveNotify(() => {
        tail.wake();
        wake?.publish();
      }),
      () => tail.stop(),
      () => wake?.close(),
    );
    slots = new MemoryStreamSlots();
  }
  if (options.redis) slots = new RedisStreamSlots(options.redis, redisFailed);
  return {
    hub,
    slots,
    heartbeatMs: options.heartbeatMs,
    bufferBytes: options.bufferBytes,
    maxStreamsPerKey: options.maxStreamsPerKey ?? DEFAULT_MAX_STREAMS_PER_KEY,
    maxStreamsPerWorker: options.maxStreamsPerWorker ?? DEFAULT_MAX_STREAMS_PER_WORKER,
    tokenSecret: options.tokenSecret,
    async close() {
      for (const close of closers) await close();
      await slots.close();
      streaks.close();
    },
  };
}

/** Where a tail's events go: a process's hub, or the cluster primary that sends them to its workers. */
export interface LogFollower {
  start(cursor: number): void;
  publish(events: readonly LiveEvent[]): void;
}

/** A tail of the log publishing to `hub`, its failures logged once per streak. */
export function followLog(
  storage: Storage,
  hub: LogFollower,
  pollMs: number,
  streaks: FailureStreaks,
): LogTail {
  const kind = 'live log';
  const tail = new LogTail(storage.db, {
    pollMs,
    onStart: (cursor) => hub.start(cursor),
    onEvents: (events) => hub.publish(events),
    onError: (error) => streaks.failed(kind, 'live stream: reading the live event log failed', error),
    onRecovered: () => void streaks.recovered(kind),
  });
  tail.start();
  return tail;
}
