/**
 * The oldest key of a Map or Set (the first in insertion order), in amortised constant time, for the
 * bounded in-process maps that evict oldest first.
 *
 * `map.keys().next()` looks simple but costs in proportion to the entries deleted since the table was
 * last rebuilt: a new iterator starts at the table's first slot and steps over every deleted one, and
 * evicting oldest first deletes exactly from the front. A map of 10,000 entries churned that way spent
 * microseconds per eviction, more than the rest of a cached answer. One iterator kept across calls steps
 * over each deleted slot once: Map and Set iterators stay valid as entries are added and removed (and
 * visit entries moved to the end, as an LRU touch does, again at their new place).
 */
export class OldestFirst<K> {
  private iterator: Iterator<K>;
  /** The key `peek` found, which the iterator has stepped past already. */
  private held: { key: K } | undefined;

  constructor(private readonly keyed: Map<K, unknown> | Set<K>) {
    this.iterator = keyed.keys();
  }

  /** The oldest key still there, which the caller is about to delete; undefined when there is none. */
  next(): K | undefined {
    const key = this.peek();
    this.held = undefined;
    return key;
  }

  /**
   * The oldest key still there, without passing it: a cache that looks at its candidate for eviction and
   * keeps it (see MemoryResponseCache) finds it again. The owner says when that key moves (`moved`).
   */
  peek(): K | undefined {
    if (this.held && this.keyed.has(this.held.key)) return this.held.key;
    this.held = undefined;
    let step = this.iterator.next();
    // An iterator that reached the end stays there: start again from the front.
    if (step.done) {
      this.iterator = this.keyed.keys();
      step = this.iterator.next();
    }
    if (step.done) return undefined;
    this.held = { key: step.value };
    return step.value;
  }

  /** `key` was deleted, or moved to the end (an LRU touch): if `peek` found it, it is not the oldest now. */
  moved(key: K): void {
    if (this.held && this.held.key === key) this.held = undefined;
  }
}
