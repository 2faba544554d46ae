import type { Kysely } from 'kysely';
import type { Config } from '../config/config.js';
import { openRedis, redisReady } from '../cache/redis-response-cache.js';
import { quotaCounterKey } from './redis-limit-store.js';
import type { Database } from '../storage/schema.js';
import { readUsage } from '../storage/repositories/key-usage.repository.js';

/**
 * A key's count for the period, as the servers see it: Redis's live counter when Redis is configured and
 * holds one, else the database's (which trails the servers by at most one second of counts).
 */
export async function readKeyUsage(
  config: Readonly<Config>,
  db: Kysely<Database>,
  keyId: string,
  periodStart: Date,
): Promise<number> {
  if (config.redisUrl) {
    const redis = openRedis(config.redisUrl, () => undefined);
    try {
      const ready = await redisReady(redis, 1000);
      const live = ready ? await redis.get(quotaCounterKey(keyId, periodStart)).catch(() => null) : null;
      if (live !== null) return Number(live);
    } finally {
      redis.disconnect();
    }
  }
  return readUsage(db, keyId, periodStart.toISOString());
}
