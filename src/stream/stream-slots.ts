/** Releases a stream slot; calling it again does nothing. */
export type ReleaseSlot = () => void;

/**
 * Streams open per key, so that a key holds at most its plan's number at once (docs/live-stream.md,
 * "Limits"): in this process, at the cluster primary for its workers (ipc-stream-slots.ts), or in Redis
 * for every instance (redis-stream-slots.ts).
 */
export interface StreamSlots {
  /**
   * Takes one of `limit` slots of `keyId`: what releases it, or undefined when all are taken. Rejects
   * when whoever holds the counts cannot be asked (the API answers 503).
   */
  acquire(keyId: string, limit: number): Promise<ReleaseSlot | undefined>;
  close(): Promise<void>;
}

/** A release that runs once. */
export function once(release: () => void): ReleaseSlot {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
}

/** Slot counts per key in this process. */
export class SlotCounts {
  private readonly open = new Map<string, number>();

  take(keyId: string, limit: number): boolean {
    const open = this.open.get(keyId) ?? 0;
    if (open >= limit) return false;
    this.open.set(keyId, open + 1);
    return true;
  }

  give(keyId: string): void {
    const open = (this.open.get(keyId) ?? 0) - 1;
    if (open <= 0) this.open.delete(keyId);
    else this.open.set(keyId, open);
  }

  held(keyId: string): number {
    return this.open.get(keyId) ?? 0;
  }
}

/** The slots of one process: exact where it is the only one serving streams. */
export class MemoryStreamSlots implements StreamSlots {
  private readonly counts = new SlotCounts();

  acquire(keyId: string, limit: number): Promise<ReleaseSlot | undefined> {
    if (!this.counts.take(keyId, limit)) return Promise.resolve(undefined);
    return Promise.resolve(once(() => this.counts.give(keyId)));
  }

  async close(): Promise<void> {}
}
