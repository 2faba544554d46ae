// A database, keys and apps for the limit tests, on the in-process store or on the real Redis at
// 127.0.0.1:6379. Key ids are random, so concurrent runs never share counters; every Redis key a test
// creates is deleted afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { issueApiKey } from '../../../src/auth/api-keys.js';
import { openRedis } from '../../../src/cache/redis-response-cache.js';
import type { Plan } from '../../../src/config/plans.js';
import type { LimitStore } from '../../../src/limits/limit-store.js';
import { MemoryLimitStore } from '../../../src/limits/memory-limit-store.js';
import { RedisLimitStore } from '../../../src/limits/redis-limit-store.js';
import { UsageLedger } from '../../../src/limits/usage-ledger.js';
import { openStorage, type Storage } from '../../../src/storage/connection.js';
import { createTestDatabase } from '../test-database.js';
import { appOnStorage } from '../test-app.js';
import { migrateToLatest } from '../../../src/storage/migrations/migrate.js';
import { insertApiKey, type ApiKeyRow } from '../../../src/storage/repositories/api-key.repository.js';

export const REDIS_URL = 'redis://127.0.0.1:6379';
export type StoreKind = 'memory' | 'redis';

/** Small plans, so limits are reached in a handful of requests. */
export const PLANS: readonly Plan[] = [
  { name: 'tiny', requestsPerMinute: 3, requestsPerPeriod: 1000, description: '3 per minute' },
  { name: 'five', requestsPerMinute: 5, requestsPerPeriod: 1000, description: '5 per minute' },
  { name: 'metered', requestsPerMinute: 1000, requestsPerPeriod: 6, description: '6 per period' },
];

/** Runs cleanups in reverse order of registration once the test ends, whatever happened. */
export class Scope {
  private readonly stack: Array<() => unknown> = [];

  constructor(t: Pick<TestContext, 'after'>) {
    t.after(() => this.close());
  }

  defer(cleanup: () => unknown): void {
    this.stack.push(cleanup);
  }

  async close(): Promise<void> {
    let failure: unknown;
    while (this.stack.length > 0) {
      await Promise.resolve()
        .then(this.stack.pop())
        .catch((error: unknown) => (failure ??= error));
    }
    if (failure) throw failure;
  }
}

/** A Redis client that has connected: openRedis refuses commands until then (no offline queue). */
export async function readyRedis(scope: Scope): Promise<Redis> {
  const redis = openRedis(REDIS_URL, () => undefined);
  scope.defer(() => redis.disconnect());
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis at ${REDIS_URL} is not reachable`)), 5000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

export interface TestKey {
  id: string;
  key: string;
  auth: { authorization: string };
}

export interface RunningApp {
  app: FastifyInstance;
  store: LimitStore;
  /** Listens on a free port and returns the base URL. */
  listen(): Promise<string>;
  /** Closes the app, which closes the store and so flushes its ledger. Idempotent. */
  close(): Promise<void>;
}

export interface LimitsEnv {
  kind: StoreKind;
  scope: Scope;
  storage: Storage;
  databaseUrl: string;
  dir: string;
  key(plan: string, change?: Partial<ApiKeyRow>): Promise<TestKey>;
  /** A new store as src/server/start-server.ts makes one (its own ledger and, on Redis, its own client). */
  store(): Promise<LimitStore>;
  /** An app on this database with a new store (or the one given). */
  start(store?: LimitStore): Promise<RunningApp>;
}

export async function limitsEnv(
  t: Pick<TestContext, 'after'>,
  kind: StoreKind,
  plans: readonly Plan[] = PLANS,
): Promise<LimitsEnv> {
  const scope = new Scope(t);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-limits-'));
  scope.defer(() => fs.rmSync(dir, { recursive: true, force: true }));
  const ids: string[] = [];
  if (kind === 'redis') {
    const admin = await readyRedis(scope);
    scope.defer(async () => {
      for (const id of ids) {
        const quota = await admin.keys(`touchline:quota:${id}:*`);
        await admin.del(`touchline:rate:${id}`, `touchline:leases:${id}`, `touchline:recall:${id}`, ...quota);
      }
    });
  }
  // SQLite or PostgreSQL, as TOUCHLINE_TEST_ENGINE says: npm test runs these on both engines.
  const database = await createTestDatabase('limits.db');
  scope.defer(() => database.drop());
  const databaseUrl = database.url;
  const storage = openStorage(databaseUrl);
  scope.defer(() => storage.close());
  await migrateToLatest(storage);

  const store = async (): Promise<LimitStore> => {
    const ledger = new UsageLedger(storage.db);
    ledger.start();
    const local = new MemoryLimitStore(ledger);
    scope.defer(() => local.close());
    return kind === 'redis' ? new RedisLimitStore(await readyRedis(scope), ledger, local) : local;
  };

  const start = async (given?: LimitStore): Promise<RunningApp> => {
    const limits = given ?? (await store());
    const { app } = await appOnStorage(storage, { limits, plans, cacheEntries: 100 });
    let closing: Promise<void> | undefined;
    const close = () => (closing ??= app.close());
    scope.defer(close);
    return { app, store: limits, close, listen: () => app.listen({ host: '127.0.0.1', port: 0 }) };
  };

  const key = async (plan: string, change: Partial<ApiKeyRow> = {}): Promise<TestKey> => {
    const issued = issueApiKey('development', `limits ${plan}`, new Date(), undefined, { plan });
    await insertApiKey(storage.db, { ...issued.row, ...change });
    ids.push(issued.row.id);
    return { id: issued.row.id, key: issued.key, auth: { authorization: `Bearer ${issued.key}` } };
  };

  return { kind, scope, storage, databaseUrl, dir, key, store, start };
}
