import { FrequencySketch } from './frequency-sketch.js';
import { OldestFirst } from './oldest-first.js';

/**
 * A response as cached: serialized once, with the request ID spliced in per request. Its body is text
 * as serialized, or the UTF-8 bytes of that text once an in-process cache holds it (MemoryResponseCache).
 */
export interface CachedResponse {
  /** The body before and after the request ID's JSON string; `after` is null when the body has none. */
  before: string | Buffer;
  after: string | Buffer | null;
  etag: string;
}

/**
 * Keys are `<version> <identity>` (cacheKeyOf in api/plugins/response-cache.ts): the identity names the
 * answer (route, parameters, query), the version the data it shows, which moves when that data changes.
 */
export interface ResponseCache {
  readonly kind: 'memory' | 'redis' | 'none';
  get(key: string): Promise<CachedResponse | undefined>;
  /** What this process holds for `key`, without waiting; only an in-process layer answers. */
  peek?(key: string): CachedResponse | undefined;
  /**
   * About how many answers of `entry`'s size the in-process layer keeps before evicting the oldest; only
   * an in-process layer answers.
   */
  keeps?(entry: CachedResponse): number;
  /** Offers an answer just made; a layer may decline to keep it (MemoryResponseCache's admission). */
  set(key: string, value: CachedResponse): Promise<void>;
  /**
   * `set` at once, with no promise; only a layer in this process alone offers it. The fast path offers
   * every answer it reads this way: a promise made (and caught) per answer kept the answer's text
   * reachable until the microtasks ran, past V8's young-generation collections under load, so that
   * answers read once were copied into the old generation, whose collections pause for milliseconds.
   */
  setNow?(key: string, value: CachedResponse): void;
  clear(): Promise<void>;
  /** A real round trip through the cache, for /health. */
  probe(): Promise<boolean>;
}

/**
 * What an entry costs this process, in bytes: its body's bytes as held (or about as many as its text
 * has characters, for an entry offered), and a little for the objects around them.
 */
function entryBytes(entry: CachedResponse): number {
  return entry.before.length + (entry.after?.length ?? 0) + 200;
}

/**
 * The entry as held: its body as UTF-8 bytes, which are what it is answered from (cached-body.ts). Held
 * as text it would cost its text in V8's heap (where the old generation's compactions move it) and its
 * bytes again once answered from; held as bytes, outside the heap, it costs its length once.
 */
function heldForm(entry: CachedResponse): CachedResponse {
  const { before, after } = entry;
  if (typeof before !== 'string' && typeof after !== 'string') return entry;
  return { before: bodyBytes(before), after: after === null ? null : bodyBytes(after), etag: entry.etag };
}

/**
 * A body part as UTF-8 bytes: the part itself when it is bytes already, else in memory of its own.
 * Buffer.from would cut a short text's bytes from a shared 8 KB slab, which stays allocated while any
 * of its slices is held: answers evicted out of order would leave the cache holding far more than it
 * reckons.
 */
export function bodyBytes(part: string | Buffer): Buffer {
  if (typeof part !== 'string') return part;
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(part));
  bytes.write(part);
  return bytes;
}

/** A body part as text (for a layer that stores text, such as Redis). */
export function bodyText(part: string | Buffer): string {
  return typeof part === 'string' ? part : part.toString();
}

/** Where a key's identity starts: after its version (see ResponseCache). */
function identityStart(key: string): number {
  return key.indexOf(' ') + 1;
}

/**
 * In-process least-recently-used cache, bounded by entry count and by bytes (whichever is reached
 * first), so that its memory does not depend on what is asked: a flood of distinct large answers
 * evicts older ones instead of growing the process.
 *
 * Once full, it keeps a newcomer only when the newcomer's identity was asked more often lately than the
 * answer it would evict (TinyLFU's admission, see FrequencySketch). Without that, traffic spread over
 * more answers than fit (random matches, every team's season) replaces an answer at nearly every miss:
 * each one lives long enough to reach V8's old generation and dies there, and the collections that
 * follow pause the process for milliseconds, while the hit rate stays what any fixed set of that size
 * would give. With it, the cache keeps a steady set and hot answers displace cold ones. Frequencies are
 * counted per identity, so an answer whose data changed is as hot as before; the answer of an older
 * version is removed when a newer one is offered, as no request of this process asks for it again.
 */
export class MemoryResponseCache implements ResponseCache {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, CachedResponse>();
  private readonly oldest = new OldestFirst(this.entries);
  /** The key held for each identity. */
  private readonly keyOfIdentity = new Map<string, string>();
  private readonly sketch: FrequencySketch;
  private bytes = 0;
  private probes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {
    // Counts halve every ten times as many requests as the cache holds answers, as in TinyLFU.
    this.sketch = new FrequencySketch(10 * maxEntries);
  }

  peek(key: string): CachedResponse | undefined {
    this.sketch.record(key, identityStart(key));
    const value = this.entries.get(key);
    // Recency only matters once evictions can come: below half full, a hit skips the reordering.
    if (value && (this.entries.size * 2 > this.maxEntries || this.bytes * 2 > this.maxBytes)) {
      this.entries.delete(key);
      this.oldest.moved(key);
      this.entries.set(key, value);
    }
    return value;
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    return this.peek(key);
  }

  keeps(entry: CachedResponse): number {
    return Math.min(this.maxEntries, Math.floor(this.maxBytes / entryBytes(entry)));
  }

  async set(key: string, value: CachedResponse): Promise<void> {
    this.setNow(key, value);
  }

  setNow(key: string, value: CachedResponse): void {
    const from = identityStart(key);
    const identity = key.slice(from);
    const older = this.keyOfIdentity.get(identity);
    if (older !== undefined) this.delete(older);
    const size = entryBytes(value);
    if (size > this.maxBytes || !this.admits(key, from, size)) return;
    const held = heldForm(value);
    this.store(key, identity, held, entryBytes(held));
  }

  async clear(): Promise<void> {
    this.entries.clear();
    this.keyOfIdentity.clear();
    this.bytes = 0;
  }

  /** A key of its own per probe: two probes at once (pipelined /health requests) must not read each other's. */
  async probe(): Promise<boolean> {
    const key = `\u0000probe ${(this.probes += 1)}`;
    const value = { before: 'ok', after: null, etag: '' };
    // Held past the admission and the bounds for the time of the probe: it checks that the cache works,
    // not whether it is full, and evicts nothing.
    this.entries.set(key, value);
    const back = await this.get(key);
    this.entries.delete(key);
    this.oldest.moved(key);
    return back === value;
  }

  /** Whether `key` is held, without counting it as asked (for tests and diagnostics). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the entries held are reckoned to cost (see entryBytes). */
  get heldBytes(): number {
    return this.bytes;
  }

  /** Whether an answer of `size` bytes fits without evicting, or is asked more often than the oldest. */
  private admits(key: string, from: number, size: number): boolean {
    if (this.entries.size < this.maxEntries && this.bytes + size <= this.maxBytes) return true;
    const victim = this.oldest.peek();
    if (victim === undefined) return true;
    const asked = this.sketch.frequency(key, from);
    return asked >= 2 && asked > this.sketch.frequency(victim, identityStart(victim));
  }

  private store(key: string, identity: string, value: CachedResponse, size: number): void {
    this.entries.set(key, value);
    this.keyOfIdentity.set(identity, key);
    this.bytes += size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      this.delete(this.oldest.next()!);
    }
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.oldest.moved(key);
    const identity = key.slice(identityStart(key));
    if (this.keyOfIdentity.get(identity) === key) this.keyOfIdentity.delete(identity);
    this.bytes -= entryBytes(old);
  }
}

/** Caches nothing: every answer comes from the database. */
export class NoResponseCache implements ResponseCache {
  readonly kind = 'none' as const;

  async get(): Promise<CachedResponse | undefined> {
    return undefined;
  }

  async set(): Promise<void> {}

  async clear(): Promise<void> {}

  async probe(): Promise<boolean> {
    return true;
  }
}
