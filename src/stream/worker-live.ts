import {
  CURSOR,
  EVENTS,
  HELLO,
  IPC_TIMEOUT_MS,
  isLiveMessage,
  SLOT_ACQUIRE,
  SLOT_RELEASE,
  SLOT_REPLY,
  WAKE,
  type ToPrimary,
  type ToWorker,
} from './cluster-wire.js';
import type { LiveHub } from './live-hub.js';
import { once, type ReleaseSlot, type StreamSlots } from './stream-slots.js';

/** The primary as a worker reaches it: `process` in a cluster worker, a stand-in in tests. */
export interface PrimaryLink {
  send?(
    message: ToPrimary,
    sendHandle?: undefined,
    options?: undefined,
    callback?: (error: Error | null) => void,
  ): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** Slot checks waiting for the primary at most; more are refused at once (503), so waiting stays bounded. */
const MAX_WAITING = 10_000;

/**
 * A cluster worker's side of the live streams: it says hello to the primary, which answers where the log
 * stands and then sends every event it reads, published to this worker's hub; it asks the primary to read
 * the log now when updates were applied here; and, without Redis, it takes stream slots from the primary
 * (`slots`), each ask bounded by IPC_TIMEOUT_MS.
 */
export class WorkerLive {
  private seq = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (granted: boolean) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();
  private readonly onMessage = (message: unknown) => {
    if (!isLiveMessage(message)) return;
    const received = message as ToWorker;
    switch (received.type) {
      case CURSOR:
        return this.hub.start(received.cursor);
      case EVENTS:
        return this.hub.publish(received.events);
      case SLOT_REPLY: {
        const waiting = this.waiting.get(received.id);
        if (!waiting) {
          // Granted after the worker stopped waiting: given back, or it would stay taken.
          if (received.granted) this.post({ type: SLOT_RELEASE, id: received.id });
          return;
        }
        clearTimeout(waiting.timer);
        this.waiting.delete(received.id);
        waiting.resolve(received.granted);
      }
    }
  };

  constructor(
    private readonly link: PrimaryLink,
    private readonly hub: LiveHub,
  ) {
    link.on('message', this.onMessage);
    this.post({ type: HELLO });
  }

  /** Asks the primary to read the log now. */
  wake(): void {
    this.post({ type: WAKE });
  }

  readonly slots: StreamSlots = {
    acquire: (keyId, limit) => this.acquire(keyId, limit),
    close: async () => undefined,
  };

  private acquire(keyId: string, limit: number): Promise<ReleaseSlot | undefined> {
    if (!this.link.send) return Promise.reject(new Error('no IPC channel to the cluster primary'));
    if (this.waiting.size >= MAX_WAITING) {
      return Promise.reject(new Error('too many stream slot checks wait for the cluster primary'));
    }
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error('the cluster primary did not answer the stream slot check'));
      }, IPC_TIMEOUT_MS);
      this.waiting.set(id, {
        timer,
        reject,
        resolve: (granted) =>
          resolve(granted ? once(() => this.post({ type: SLOT_RELEASE, id })) : undefined),
      });
      this.post({ type: SLOT_ACQUIRE, id, keyId, limit }, (error) => {
        if (!error || !this.waiting.delete(id)) return;
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  private post(message: ToPrimary, callback?: (error: Error | null) => void): void {
    try {
      this.link.send?.(message, undefined, undefined, callback ?? (() => undefined));
    } catch (error) {
      callback?.(error as Error);
    }
  }

  close(): void {
    this.link.off('message', this.onMessage);
    for (const { timer, reject } of this.waiting.values()) {
      clearTimeout(timer);
      reject(new Error('the stream is closing'));
    }
    this.waiting.clear();
  }
}
