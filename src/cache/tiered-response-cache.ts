import type { CachedResponse, MemoryResponseCache, ResponseCache } from './response-cache.js';

/**
 * A per-process memory cache in front of the shared one: hot responses never leave the process, and a
 * response serialized by any instance is reused by all. A shared cache that fails is skipped (the caller
 * then asks the database), and /health reports it through `probe`.
 */
export class TieredResponseCache implements ResponseCache {
  readonly kind = 'redis' as const;

  constructor(
    private readonly local: MemoryResponseCache,
    private readonly shared: ResponseCache,
  ) {}

  peek(key: string): CachedResponse | undefined {
    return this.local.peek(key);
  }

  pin(entry: CachedResponse): (() => void) | undefined {
    return this.local.pin(entry);
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    const hit = await this.local.get(key);
    if (hit) return hit;
    const shared = await this.shared.get(key).catch(() => undefined);
    if (shared) await this.local.set(key, shared);
    return shared;
  }

  async set(key: string, value: CachedResponse): Promise<void> {
    await this.local.set(key, value);
    await this.shared.set(key, value).catch(() => undefined);
  }

  async clear(): Promise<void> {
    await this.local.clear();
    await this.shared.clear().catch(() => undefined);
  }

  probe(): Promise<boolean> {
    return this.shared.probe();
  }
}
