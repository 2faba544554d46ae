import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { bodyText, type CachedResponse, type ResponseCache } from './response-cache.js';

const KEY_PREFIX = 'touchline:response:';
const PROBE_KEY = 'touchline:probe';

/**
 * Opens a Redis client that fails fast instead of queueing while Redis is away: a cache that cannot
 * answer within half a second is treated as a miss and the request goes to the database. It reconnects
 * by itself, so the cache comes back without a restart.
 */
export function openRedis(url: string, onError: (error: Error) => void): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: 500,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  redis.on('error', onError);
  return redis;
}

/** Waits until the client can run commands, or `ms` passes; says which. */
export async function redisReady(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    timer.unref();
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Serialized responses shared by every instance, expiring after `ttlSeconds`. */
export class RedisResponseCache implements ResponseCache {
  readonly kind = 'redis' as const;

  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
  ) {}

  async get(key: string): Promise<CachedResponse | undefined> {
    const raw = await this.redis.get(KEY_PREFIX + key);
    if (raw === null) return undefined;
    const [before, after, etag] = JSON.parse(raw) as [string, string | null, string];
    return { before, after, etag };
  }

  async set(key: string, value: CachedResponse): Promise<void> {
    // As text: an entry this process holds is bytes (MemoryResponseCache), which JSON would spell as numbers.
    const after = value.after === null ? null : bodyText(value.after);
    const raw = JSON.stringify([bodyText(value.before), after, value.etag]);
    await this.redis.set(KEY_PREFIX + key, raw, 'EX', this.ttlSeconds);
  }

  /** Entries are keyed on the version of the data they show, so nothing needs deleting when it changes. */
  async clear(): Promise<void> {}

  /** A key of its own per probe: concurrent probes (of this or another instance) must not read each other's. */
  async probe(): Promise<boolean> {
    const token = randomUUID();
    const key = `${PROBE_KEY}:${token}`;
    await this.redis.set(key, token, 'EX', 10);
    return (await this.redis.get(key)) === token;
  }
}
