import { randomInt } from 'node:crypto';

/** Rows of counters: a key's estimate is the smallest of its counter in each. */
const ROWS = 4;
/** Counters stop at this (four bits' worth, as in TinyLFU): enough to tell hot from cold. */
const MAX_COUNT = 15;
/** Counters per row at most: four rows of a million bytes. */
const MAX_WIDTH = 1 << 20;

/**
 * How often each key was asked lately, approximately and in fixed memory: a count-min sketch (a key adds
 * one to a counter in each of four rows, picked by its hash; its estimate is the smallest of the four,
 * never below the truth), all halved every `sample` recordings, so that what was hot long ago fades. It
 * is the admission filter of TinyLFU (Einziger, Friedman and Manes, "TinyLFU: a highly efficient cache
 * admission policy", 2017), which the response cache uses to keep a newcomer out unless it is asked more
 * often than the answer it would evict. Written here because no maintained package offers the filter
 * apart from a whole cache of its own, and ours is bounded by bytes and keyed on versions
 * (response-cache.ts).
 *
 * Each row has a counter per key a sample can hold (`sample`, to a power of two), so that distinct keys
 * seldom share all four. Keys are hashed from `from` on: the response cache counts a key without its
 * version prefix.
 */
export class FrequencySketch {
  private readonly counters: Uint8Array;
  private readonly mask: number;
  private readonly width: number;
  private recorded = 0;

  /**
   * `seed`: drawn per sketch by default, so that nobody can choose keys that collide everywhere; a test
   * gives one, so that which keys share counters is the same every run.
   */
  constructor(
    private readonly sample: number,
    private readonly seed = randomInt(0x7fffffff),
  ) {
    // At least 256 a row, a kilobyte in all: a cache of a few answers (tests) still tells its keys apart.
    let width = 256;
    while (width < sample && width < MAX_WIDTH) width *= 2;
    this.width = width;
    this.mask = width - 1;
    this.counters = new Uint8Array(ROWS * width);
  }

  /** One more ask of `key`. */
  record(key: string, from = 0): void {
    const h = this.hash(key, from);
    let added = false;
    for (let row = 0; row < ROWS; row += 1) {
      const slot = this.slot(h, row);
      const count = this.counters[slot]!;
      if (count < MAX_COUNT) {
        this.counters[slot] = count + 1;
        added = true;
      }
    }
    if (added && ++this.recorded >= this.sample) this.halve();
  }

  /** About how often `key` was asked lately (at most MAX_COUNT). */
  frequency(key: string, from = 0): number {
    const h = this.hash(key, from);
    let least = MAX_COUNT;
    for (let row = 0; row < ROWS; row += 1) {
      const count = this.counters[this.slot(h, row)]!;
      if (count < least) least = count;
    }
    return least;
  }

  private halve(): void {
    for (let i = 0; i < this.counters.length; i += 1) this.counters[i] = this.counters[i]! >> 1;
    this.recorded = Math.floor(this.recorded / 2);
  }

  /**
   * The counter of hash `h` in `row`: the hash mixed again with the row's own constant, so that the rows
   * pick their counters independently. Stepping through the rows by a stride taken from the hash (double
   * hashing) would make two keys that share a narrow row's counter and stride share every row's: in a
   * sketch of 256 counters a row, one pair of keys in 32,768 instead of one in four billion.
   */
  private slot(h: number, row: number): number {
    return row * this.width + (mix(h ^ Math.imul(row + 1, 0x9e3779b9)) & this.mask);
  }

  /** FNV-1a over the UTF-16 code units, seeded, then mixed to spread the bits. */
  private hash(key: string, from: number): number {
    let h = 0x811c9dc5 ^ this.seed;
    for (let i = from; i < key.length; i += 1) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    return mix(h);
  }
}

/** murmur3's 32-bit finaliser: every input bit moves about half the output bits. */
function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
