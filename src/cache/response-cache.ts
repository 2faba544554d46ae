import { OldestFirst } from './oldest-first.js';

/** A response as cached: serialized once, with the request ID spliced in per request. */
export interface CachedResponse {
  /** Body text before and after the request ID's JSON string; `after` is null when the body has none. */
  before: string;
  after: string | null;
  etag: string;
}

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
  set(key: string, value: CachedResponse): Promise<void>;
  clear(): Promise<void>;
  /** A real round trip through the cache, for /health. */
  probe(): Promise<boolean>;
}

/**
 * What an entry costs this process, in bytes: its text (one byte per character, as V8 stores ASCII),
 * once more for the bytes it is encoded to when answered from (cached-body.ts), and a little for the
 * objects around them.
 */
function entryBytes(entry: CachedResponse): number {
  return 2 * (entry.before.length + (entry.after?.length ?? 0)) + 200;
}

/**
 * In-process least-recently-used cache, bounded by entry count and by bytes (whichever is reached
 * first), so that its memory does not depend on what is asked: a flood of distinct large answers
 * evicts older ones instead of growing the process.
 */
export class MemoryResponseCache implements ResponseCache {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, CachedResponse>();
  private readonly oldest = new OldestFirst(this.entries);
  private bytes = 0;
  private probes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  peek(key: string): CachedResponse | undefined {
    const value = this.entries.get(key);
    // Recency only matters once evictions can come: below half full, a hit skips the reordering.
    if (value && (this.entries.size * 2 > this.maxEntries || this.bytes * 2 > this.maxBytes)) {
      this.entries.delete(key);
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

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= entryBytes(old);
  }

  async set(key: string, value: CachedResponse): Promise<void> {
    const size = entryBytes(value);
    this.delete(key);
    if (size > this.maxBytes) return;
    this.entries.set(key, value);
    this.bytes += size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      this.delete(this.oldest.next()!);
    }
  }

  async clear(): Promise<void> {
    this.entries.clear();
    this.bytes = 0;
  }

  /** A key of its own per probe: two probes at once (pipelined /health requests) must not read each other's. */
  async probe(): Promise<boolean> {
    const key = `\u0000probe ${(this.probes += 1)}`;
    const value = { before: 'ok', after: null, etag: '' };
    await this.set(key, value);
    const back = await this.get(key);
    this.delete(key);
    return back === value;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the entries held are reckoned to cost (see entryBytes). */
  get heldBytes(): number {
    return this.bytes;
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
