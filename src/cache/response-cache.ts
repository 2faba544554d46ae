import { FrequencySketch } from './frequency-sketch.js';
import { BodyRing } from './body-ring.js';
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
  /**
   * What this process holds for `key`, without waiting; only an in-process layer answers. Its bytes may
   * be the cache's own, reused once the cache admits another answer: use them before yielding, or `pin`.
   */
  peek?(key: string): CachedResponse | undefined;
  /**
   * Keeps the bytes of an answer `peek` returned from being reused until the function returned is called;
   * undefined when they are not the cache's to reuse.
   */
  pin?(entry: CachedResponse): (() => void) | undefined;
  /** Offers an answer just made; a layer may decline to keep it (MemoryResponseCache's admission). */
  set(key: string, value: CachedResponse): Promise<void>;
  clear(): Promise<void>;
  /** A real round trip through the cache, for /health. */
  probe(): Promise<boolean>;
}

/**
 * A body part as UTF-8 bytes: the part itself when it is bytes already, else in memory of its own.
 * Buffer.from would cut a short text's bytes from a shared 8 KB slab, which stays allocated while any
 * of its slices is held.
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

/** The UTF-8 length of a body part. */
function partBytes(part: string | Buffer): number {
  return typeof part === 'string' ? Buffer.byteLength(part) : part.length;
}

/** Where a key's identity starts: after its version (see ResponseCache). */
function identityStart(key: string): number {
  return key.indexOf(' ') + 1;
}

/** An answer as MemoryResponseCache holds it: views of its ring, and where in the ring they are. */
class HeldResponse implements CachedResponse {
  constructor(
    readonly before: Buffer,
    readonly after: Buffer | null,
    readonly etag: string,
    /** Its position in the ring (BodyRing). */
    readonly at: number,
  ) {}

  /** Its bytes in the ring. */
  get bytes(): number {
    return this.before.length + (this.after?.length ?? 0);
  }
}

/** A held answer in memory of its own, for a caller that keeps it past the moment it asked. */
function copyOf(held: HeldResponse): CachedResponse {
  return {
    before: Buffer.from(held.before),
    after: held.after === null ? null : Buffer.from(held.after),
    etag: held.etag,
  };
}

/**
 * In-process cache, bounded by entry count and by bytes (whichever is reached first), so that its memory
 * does not depend on what is asked: a flood of distinct large answers evicts older ones instead of
 * growing the process. Answers are held as the UTF-8 bytes they are sent as, written one after another
 * into one region of `maxBytes` (BodyRing), outside V8's heap and allocated once, and they leave oldest
 * first, as the region's space comes round again. A hit moves nothing: a cache hit is a lookup.
 *
 * Once full, it keeps a newcomer only when the newcomer's identity was asked more often lately than the
 * answer it would evict (TinyLFU's admission, see FrequencySketch). Without that, traffic spread over
 * more answers than fit (random matches, every team's season) replaces an answer at nearly every miss,
 * while the hit rate stays what any fixed set of that size would give. With it, the cache keeps a steady
 * set and hot answers displace cold ones; a hot answer that reaches the front of the queue is read again
 * and, as hot as before, admitted again. Frequencies are counted per identity, so an answer whose data
 * changed is as hot as before; the answer of an older version is removed when a newer one is offered, as
 * no request of this process asks for it again.
 *
 * What `peek` returns borrows the cache's memory: read it before the process next admits an answer (any
 * synchronous use is), or `pin` it. `get` returns a copy, which an awaiting caller may keep.
 */
export class MemoryResponseCache implements ResponseCache {
  readonly kind = 'memory' as const;
  /** In the order their bytes were written, which is the order they leave in. */
  private readonly entries = new Map<string, HeldResponse>();
  private readonly oldest = new OldestFirst(this.entries);
  /** The key held for each identity. */
  private readonly keyOfIdentity = new Map<string, string>();
  private readonly ring: BodyRing;
  private readonly sketch: FrequencySketch;
  /** Entries of probes in progress (see probe). */
  private readonly probing = new Map<string, CachedResponse>();
  private bytes = 0;
  private probes = 0;

  constructor(
    private readonly maxEntries: number,
    maxBytes: number,
  ) {
    this.ring = new BodyRing(maxBytes);
    // Counts halve every ten times as many requests as the cache holds answers, as in TinyLFU.
    this.sketch = new FrequencySketch(10 * maxEntries);
  }

  peek(key: string): CachedResponse | undefined {
    this.sketch.record(key, identityStart(key));
    return this.entries.get(key);
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    const probe = this.probing.get(key);
    if (probe) return probe;
    const held = this.peek(key);
    return held && copyOf(held as HeldResponse);
  }

  /**
   * Keeps a held answer's bytes from being reused until the function returned is called: for bytes a
   * socket has not taken yet. Undefined for an answer this cache does not hold in its ring.
   */
  pin(entry: CachedResponse): (() => void) | undefined {
    return entry instanceof HeldResponse ? this.ring.pin(entry.at, entry.bytes) : undefined;
  }

  async set(key: string, value: CachedResponse): Promise<void> {
    const from = identityStart(key);
    const identity = key.slice(from);
    const older = this.keyOfIdentity.get(identity);
    if (older !== undefined) this.delete(older);
    const bytes = partBytes(value.before) + (value.after === null ? 0 : partBytes(value.after));
    const at = this.ring.place(bytes);
    if (at === undefined) return;
    const verdict = this.admits(key, from, at, bytes);
    if (verdict === 'kept') this.store(key, identity, value, at, bytes);
    else if (verdict === 'oldest-hotter') this.moveOldestToBack();
  }

  /** Writes `value` at `at` (from the ring's `place`), first dropping the answers whose bytes it reuses. */
  private store(key: string, identity: string, value: CachedResponse, at: number, bytes: number): void {
    const reclaimed = this.ring.reclaimedBefore(at, bytes);
    for (let first = this.oldestHeld(); first && first.at < reclaimed; first = this.oldestHeld()) {
      this.delete(this.oldest.next()!);
    }
    while (this.entries.size >= this.maxEntries) this.delete(this.oldest.next()!);
    const parts = value.after === null ? [value.before] : [value.before, value.after];
    const [before, after] = this.ring.write(at, parts);
    this.entries.set(key, new HeldResponse(before!, after ?? null, value.etag, at));
    this.keyOfIdentity.set(identity, key);
    this.bytes += bytes;
  }

  async clear(): Promise<void> {
    this.entries.clear();
    this.keyOfIdentity.clear();
    this.bytes = 0;
  }

  /**
   * A round trip through `get`, with a key of its own per probe: two probes at once (pipelined /health
   * requests) must not read each other's. Held apart from the answers, it neither waits for room nor
   * evicts anything: it checks that the cache answers, not whether it is full.
   */
  async probe(): Promise<boolean> {
    const key = `\u0000probe ${(this.probes += 1)}`;
    const value = { before: 'ok', after: null, etag: '' };
    this.probing.set(key, value);
    const back = await this.get(key);
    this.probing.delete(key);
    return back === value;
  }

  /** Whether `key` is held, without counting it as asked (for tests and diagnostics). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes of the answers held. */
  get heldBytes(): number {
    return this.bytes;
  }

  /** How many ring regions are pinned (for tests). */
  get pinned(): number {
    return this.ring.pinned;
  }

  /**
   * Whether an answer of `bytes` to be written at `at` is kept: when it fits without evicting anything,
   * or is asked more often than the oldest answer, which it would evict. When not, whether that is
   * because the oldest answer is asked more often than it is asked itself (at least twice).
   */
  private admits(key: string, from: number, at: number, bytes: number): 'kept' | 'oldest-hotter' | 'cold' {
    const victim = this.oldestHeld();
    if (!victim) return 'kept';
    const full = this.entries.size >= this.maxEntries;
    if (!full && victim.at >= this.ring.reclaimedBefore(at, bytes)) return 'kept';
    const asked = this.sketch.frequency(key, from);
    if (asked < 2) return 'cold';
    const victimKey = this.oldest.peek()!;
    return asked > this.sketch.frequency(victimKey, identityStart(victimKey)) ? 'kept' : 'oldest-hotter';
  }

  /**
   * The oldest answer, asked more often than a newcomer asked repeatedly, is written again at the back
   * (a second chance, as CLOCK gives): otherwise an answer hot enough would stay at the front and keep
   * every newcomer out until its count fades. Its bytes are copied out first, since writing them at the
   * back may reuse their own place.
   */
  private moveOldestToBack(): void {
    const key = this.oldest.peek()!;
    const held = this.entries.get(key)!;
    const copy = copyOf(held);
    this.delete(key);
    const at = this.ring.place(held.bytes);
    if (at !== undefined) this.store(key, key.slice(identityStart(key)), copy, at, held.bytes);
  }

  private oldestHeld(): HeldResponse | undefined {
    const key = this.oldest.peek();
    return key === undefined ? undefined : this.entries.get(key);
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.oldest.moved(key);
    const identity = key.slice(identityStart(key));
    if (this.keyOfIdentity.get(identity) === key) this.keyOfIdentity.delete(identity);
    this.bytes -= old.bytes;
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
