import { Redis } from 'ioredis';
import { openRedis, redisReady } from '../cache/redis-response-cache.js';

/** The channel on which an instance that applied live updates tells the others to read the log now. */
export const LIVE_WAKE_CHANNEL = 'touchline:live:wake';
/** How long an announcement waits for a connection still being made. */
const CONNECT_WAIT_MS = 1000;

export interface RedisWakeOptions {
  /** Another instance (or this one) announced updates: read the log now. None: only publish. */
  onWake?: () => void;
  /** Redis failed (a publish, the connection); the caller reports it once per streak. */
  onError: (error: Error) => void;
}

/**
 * Wake-ups between instances through Redis: `publish` announces that updates were committed, and an
 * instance that listens (`onWake`) reads the log at once instead of at its next poll. The message holds
 * nothing: every instance reads the events from the database, so a lost message costs only the poll
 * interval, and a Redis outage changes nothing else. Publishes made in the same turn of the event loop
 * go as one.
 */
export class RedisWake {
  private readonly publisher: Redis;
  private readonly subscriber: Redis | undefined;
  /** Settles once the subscription is in place (or failed). */
  readonly subscribed: Promise<boolean>;
  private pending = false;
  private sent: Promise<void> = Promise.resolve();

  constructor(
    url: string,
    private readonly options: RedisWakeOptions,
  ) {
    this.publisher = openRedis(url, options.onError);
    const { onWake } = options;
    if (!onWake) {
      this.subscribed = Promise.resolve(false);
      return;
    }
    // A connection of its own (a subscribed one can run nothing else), which queues its SUBSCRIBE until
    // connected and subscribes again by itself after every reconnection.
    const subscriber = new Redis(url, {
      connectTimeout: 1000,
      maxRetriesPerRequest: null,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    });
    this.subscriber = subscriber;
    subscriber.on('error', options.onError);
    subscriber.on('message', (channel: string) => {
      if (channel === LIVE_WAKE_CHANNEL) onWake();
    });
    this.subscribed = subscriber.subscribe(LIVE_WAKE_CHANNEL).then(
      () => true,
      (error: Error) => {
        options.onError(error);
        return false;
      },
    );
  }

  publish(): void {
    if (this.pending) return;
    this.pending = true;
    this.sent = new Promise<void>((resolve) =>
      setImmediate(async () => {
        this.pending = false;
        // A process that just started (a command) may not be connected yet: a moment's wait, bounded.
        await redisReady(this.publisher, CONNECT_WAIT_MS);
        this.publisher.publish(LIVE_WAKE_CHANNEL, '1').then(
          () => resolve(),
          (error: Error) => {
            this.options.onError(error);
            resolve();
          },
        );
      }),
    );
  }

  /** Settles once the last announcement is sent (or failed): before closing a process that made one. */
  flushed(): Promise<void> {
    return this.sent;
  }

  close(): void {
    this.publisher.disconnect();
    this.subscriber?.disconnect();
  }
}
