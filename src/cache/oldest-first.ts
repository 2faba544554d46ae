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

  constructor(private readonly keyed: Map<K, unknown> | Set<K>) {
    this.iterator = keyed.keys();
  }

  /** The oldest key still there; undefined when there is none. */
  next(): K | undefined {
    let step = this.iterator.next();
    // An iterator that reached the end stays there: start again from the front.
    if (step.done) {
      this.iterator = this.keyed.keys();
      step = this.iterator.next();
    }
    return step.done ? undefined : step.value;
  }
}
