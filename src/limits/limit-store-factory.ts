import type { Redis } from 'ioredis';
import type { Storage } from '../storage/connection.js';
import type { LimitStore } from './limit-store.js';
import { MemoryLimitStore } from './memory-limit-store.js';
import { RedisLimitStore } from './redis-limit-store.js';
import { UsageLedger } from './usage-ledger.js';

/** Request counters: shared through Redis when configured, else held by this process. */
export function limitStore(storage: Storage, redis?: Redis): LimitStore {
  const ledger = new UsageLedger(storage.db);
  ledger.start();
  const local = new MemoryLimitStore(ledger);
  return redis ? new RedisLimitStore(redis, ledger, local) : local;
}
