import {
  CURSOR,
  EVENTS,
  HELLO,
  isLiveMessage,
  SLOT_ACQUIRE,
  SLOT_REPLY,
  SLOT_RELEASE,
  WAKE,
  type ToPrimary,
  type ToWorker,
} from './cluster-wire.js';
import type { LiveEvent } from './live-event.js';
import { SlotCounts } from './stream-slots.js';

/** A worker as the primary reaches it: cluster's Worker, or a stand-in in tests. */
export interface WorkerChannel {
  send(message: ToWorker): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: () => void): unknown;
}

/**
 * The cluster primary's side of the live streams: it alone follows the log for the instance (one reader
 * whatever the number of workers) and sends each worker what it reads; it wakes that reader when a
 * worker applied updates; and, without Redis, it holds the stream slots of every worker, so a key's
 * limit holds for the instance (a worker that dies gives its slots back).
 */
export class LivePrimary {
  private cursor: number | undefined;
  /** Workers that said hello, each sent the cursor then every event after it. */
  private readonly listening = new Set<WorkerChannel>();
  /** Workers that said hello before the log was first read: told the cursor once it is. */
  private readonly early = new Set<WorkerChannel>();
  private readonly counts = new SlotCounts();
  private readonly slots = new Map<WorkerChannel, Map<number, string>>();

  /** `wake` makes the log be read now; `holdsSlots` whether slots are counted here (no Redis). */
  constructor(private readonly options: { wake: () => void; holdsSlots: boolean }) {}

  /** The log was first read: where it stands. */
  start(cursor: number): void {
    this.cursor = cursor;
    for (const worker of this.early) this.listen(worker, cursor);
    this.early.clear();
  }

  /** Events read from the log, in order: to every listening worker. */
  publish(events: readonly LiveEvent[]): void {
    if (events.length === 0) return;
    this.cursor = events.at(-1)!.seq;
    const message: ToWorker = { type: EVENTS, events: [...events] };
    for (const worker of this.listening) send(worker, message);
  }

  serve(worker: WorkerChannel): void {
    worker.on('message', (message) => {
      if (isLiveMessage(message)) this.receive(worker, message as ToPrimary);
    });
    worker.on('exit', () => {
      this.listening.delete(worker);
      this.early.delete(worker);
      for (const keyId of this.slots.get(worker)?.values() ?? []) this.counts.give(keyId);
      this.slots.delete(worker);
    });
  }

  private listen(worker: WorkerChannel, cursor: number): void {
    this.listening.add(worker);
    send(worker, { type: CURSOR, cursor });
  }

  private receive(worker: WorkerChannel, message: ToPrimary): void {
    switch (message.type) {
      case HELLO:
        if (this.cursor === undefined) this.early.add(worker);
        else this.listen(worker, this.cursor);
        return;
      case WAKE:
        return this.options.wake();
      case SLOT_ACQUIRE: {
        // With Redis the workers count slots there; a worker that asks anyway is answered as one would.
        const granted = !this.options.holdsSlots || this.counts.take(message.keyId, message.limit);
        if (granted && this.options.holdsSlots) {
          let held = this.slots.get(worker);
          if (!held) this.slots.set(worker, (held = new Map()));
          held.set(message.id, message.keyId);
        }
        send(worker, { type: SLOT_REPLY, id: message.id, granted });
        return;
      }
      case SLOT_RELEASE: {
        const held = this.slots.get(worker);
        const keyId = held?.get(message.id);
        if (keyId === undefined) return;
        held!.delete(message.id);
        this.counts.give(keyId);
      }
    }
  }
}

/** A worker whose channel closed is about to exit: what it misses no longer matters. */
function send(worker: WorkerChannel, message: ToWorker): void {
  try {
    worker.send(message);
  } catch {
    // its 'exit' follows
  }
}
