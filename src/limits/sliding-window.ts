import { WINDOW_MS } from './limit-store.js';

/**
 * The accepted requests of one key in the last minute, oldest first. Expiry advances a head index
 * instead of shifting the array, so a key at thousands of requests per second costs O(1) per request.
 */
export class SlidingWindow {
  private times: number[] = [];
  private head = 0;

  /** Drops entries a minute old or older at `now`; returns how many remain. */
  expire(now: number): number {
    const cutoff = now - WINDOW_MS;
    while (this.head < this.times.length && this.times[this.head]! <= cutoff) this.head += 1;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
    return this.times.length - this.head;
  }

  get size(): number {
    return this.times.length - this.head;
  }

  get oldest(): number | null {
    return this.head < this.times.length ? this.times[this.head]! : null;
  }

  /** Records a request; ones relayed from cluster workers may arrive a few ms out of order. */
  add(now: number): void {
    let at = this.times.length;
    while (at > this.head && this.times[at - 1]! > now) at -= 1;
    if (at === this.times.length) this.times.push(now);
    else this.times.splice(at, 0, now);
  }

  clear(): void {
    this.times = [];
    this.head = 0;
  }
}
