import type { Redis } from 'ioredis';
import type { Storage } from '../storage/connection.js';
import type { LimitStore } from './limit-store.js';
import { MemoryLimitStore } from './memory-limit-store.js';
import { RedisLimitStore } from './redis-limit-store.js';
import { UsageLedger } from './usage-ledger.js';

/** Counters held by this process, persisting quota usage to `storage`. */
export function memoryLimitStore(storage: Storage): MemoryLimitStore {
  const ledger = new UsageLedger(storage.db);
  ledger.start();
  return new MemoryLimitStore(ledger);
}

/** Request counters: shared through Redis when configured, else held by this process. */
export function limitStore(storage: Storage, redis?: Redis): LimitStore {
  const local = memoryLimitStore(storage);
  return redis ? new RedisLimitStore(redis, local.ledger, local) : local;
}
