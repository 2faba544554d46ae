import { WINDOW_MS } from './limit-store.js';

/**
 * The accepted requests of one key in the last minute, oldest first, as (millisecond, count) runs: a key
 * at thousands of requests per second holds a few entries per millisecond of traffic, not one per
 * request. Expiry advances a head index instead of shifting the arrays, so each request costs O(1).
 */
export class SlidingWindow {
  private times: number[] = [];
  private counts: number[] = [];
  private head = 0;
  private total = 0;

  /** Drops entries a minute old or older at `now`; returns how many requests remain. */
  expire(now: number): number {
    const cutoff = now - WINDOW_MS;
    while (this.head < this.times.length && this.times[this.head]! <= cutoff) {
      this.total -= this.counts[this.head]!;
      this.head += 1;
    }
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.counts = this.counts.slice(this.head);
      this.head = 0;
    }
    return this.total;
  }

  get oldest(): number | null {
    return this.head < this.times.length ? this.times[this.head]! : null;
  }

  /**
   * Records `count` requests at `now`; ones relayed from cluster workers may arrive a few ms out of
   * order, and are put in their place.
   */
  add(now: number, count = 1): void {
    let at = this.times.length;
    while (at > this.head && this.times[at - 1]! > now) at -= 1;
    if (at > this.head && this.times[at - 1] === now) this.counts[at - 1]! += count;
    else if (at === this.times.length) {
      this.times.push(now);
      this.counts.push(count);
    } else {
      this.times.splice(at, 0, now);
      this.counts.splice(at, 0, count);
    }
    this.total += count;
  }

  clear(): void {
    this.times = [];
    this.counts = [];
    this.head = 0;
    this.total = 0;
  }
}
