import { constants } from 'node:buffer';

/**
 * The largest region a ring can have: 4 GiB (TOUCHLINE_CACHE_MB at most 4096, as documented), or the largest
 * Buffer this Node makes if smaller. Node 20 capped a Buffer at 4 GiB; from Node 22 the cap is 2^53 - 1
 * bytes, which alone would let a mistyped TOUCHLINE_CACHE_MB pass the configuration and fail at the first
 * cached answer instead.
 */
export const MAX_RING_BYTES = Math.min(constants.MAX_LENGTH, 4 * 1024 ** 3);

interface Pin {
  bytes: number;
  count: number;
}

/**
 * Where an in-process cache keeps the bytes of the answers it holds: one region, allocated at the first
 * write, filled in order and reused oldest first, like a log that wraps around.
 *
 * Why not a Buffer per answer: V8 counts the memory allocated outside its heap since its last full
 * collection as if its old generation had grown by as much, and the memory of a Buffer that reached the
 * old generation comes back only with a full collection. A cache that replaced a few hundred answers a
 * second, each in a Buffer of its own, made each worker mark its whole heap about every second under
 * random traffic (bench/README.md). Answers written into one region allocated once cost no memory outside
 * the heap however many come and go.
 *
 * Positions are logical: they only grow, and byte `at` is at `at % capacity` of the region. An answer
 * never wraps around the end (its bytes stay contiguous, to be written to a socket as they are): when it
 * would, it starts the next lap. Writing `bytes` at `at` reuses the bytes of everything that starts
 * before `reclaimedBefore(at, bytes)`; the owner drops those answers before it writes.
 *
 * Bytes handed to a socket that did not take them at once are still read after the write returns: while
 * such a region is pinned (`pin`), placements skip over it, so a slow reader never receives another
 * answer's bytes.
 */
export class BodyRing {
  private memory: Buffer | undefined;
  private head = 0;
  /** Pinned regions by the offset where they start in the region. */
  private readonly pins = new Map<number, Pin>();

  constructor(readonly capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1 || capacity > MAX_RING_BYTES) {
      throw new RangeError(`a ring holds 1 to ${MAX_RING_BYTES} bytes, not ${capacity}`);
    }
  }

  /**
   * Where `bytes` would be written next: at the head, or past the end of the lap or of pinned regions in
   * the way. Undefined when they cannot be: more than the ring holds, or no room between pinned regions.
   */
  place(bytes: number): number | undefined {
    if (bytes > this.capacity) return undefined;
    let at = this.head;
    while (at - this.head <= this.capacity) {
      const offset = at % this.capacity;
      if (offset + bytes > this.capacity) {
        at += this.capacity - offset;
        continue;
      }
      const pinnedEnd = this.pinnedEnd(offset, bytes);
      if (pinnedEnd === undefined) return at;
      at += pinnedEnd - offset;
    }
    return undefined;
  }

  /** The position before which every answer's bytes are reused by writing `bytes` at `at`. */
  reclaimedBefore(at: number, bytes: number): number {
    return at + bytes - this.capacity;
  }

  /**
   * Writes `parts` one after the other at `at` (from `place`, for their total byte length) and returns
   * a view of each, valid until a later write reclaims them.
   */
  write(at: number, parts: readonly (string | Buffer)[]): Buffer[] {
    const memory = (this.memory ??= Buffer.allocUnsafeSlow(this.capacity));
    let offset = at % this.capacity;
    const views: Buffer[] = [];
    for (const part of parts) {
      const length = typeof part === 'string' ? memory.write(part, offset) : part.copy(memory, offset);
      views.push(memory.subarray(offset, offset + length));
      offset += length;
    }
    this.head = at + (offset - (at % this.capacity));
    return views;
  }

  /**
   * Keeps the `bytes` at `at` from being reused until the function returned is called (once or more: the
   * first call counts). Pins of the same region add up.
   */
  pin(at: number, bytes: number): () => void {
    const offset = at % this.capacity;
    const pin = this.pins.get(offset);
    if (pin) pin.count += 1;
    else this.pins.set(offset, { bytes, count: 1 });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const held = this.pins.get(offset)!;
      held.count -= 1;
      if (held.count === 0) this.pins.delete(offset);
    };
  }

  /** How many regions are pinned (for tests and diagnostics). */
  get pinned(): number {
    return this.pins.size;
  }

  /** Where the pinned region overlapping [offset, offset + bytes) ends; undefined when none does. */
  private pinnedEnd(offset: number, bytes: number): number | undefined {
    for (const [start, pin] of this.pins) {
      if (start < offset + bytes && start + pin.bytes > offset) return start + pin.bytes;
    }
    return undefined;
  }
}
