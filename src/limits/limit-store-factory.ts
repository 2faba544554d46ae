import type { Redis } from 'ioredis';
import type { Storage } from '../storage/connection.js';
import type { LimitStore } from './limit-store.js';
import { MemoryLimitStore } from './memory-limit-store.js';
import { RedisLimitStore } from './redis-limit-store.js';
import { UsageLedger } from './usage-ledger.js';

/** Counters held by this process, persisting quota usage to `storage` every `flushMs`. */
export function memoryLimitStore(storage: Storage, flushMs?: number): MemoryLimitStore {
  const ledger = new UsageLedger(storage.db, flushMs);
  ledger.start();
  return new MemoryLimitStore(ledger);
}

/** Request counters: shared through Redis when configured, else held by this process. */
export function limitStore(storage: Storage, redis?: Redis, flushMs?: number): LimitStore {
  const local = memoryLimitStore(storage, flushMs);
  return redis ? new RedisLimitStore(redis, local.ledger, local) : local;
}
