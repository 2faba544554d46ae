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
  set(key: string, value: CachedResponse): Promise<void>;
  clear(): Promise<void>;
  /** A real round trip through the cache, for /health. */
  probe(): Promise<boolean>;
}

/** In-process least-recently-used cache, bounded by entry count. */
export class MemoryResponseCache implements ResponseCache {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, CachedResponse>();

  constructor(private readonly maxEntries: number) {}

  peek(key: string): CachedResponse | undefined {
    const value = this.entries.get(key);
    // Recency only matters once evictions can come: below half full, a hit skips the reordering.
    if (value && this.entries.size * 2 > this.maxEntries) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    return this.peek(key);
  }

  async set(key: string, value: CachedResponse): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  async clear(): Promise<void> {
    this.entries.clear();
  }

  async probe(): Promise<boolean> {
    const key = '\u0000probe';
    const value = { before: 'ok', after: null, etag: '' };
    await this.set(key, value);
    const back = await this.get(key);
    this.entries.delete(key);
    return back === value;
  }

  get size(): number {
    return this.entries.size;
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
