// The HTTP app over a test database, wired as src/server/start-server.ts wires it, minus listening.
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/api/app.js';
import { DatasetGeneration } from '../../src/cache/dataset-generation.js';
import { MemoryResponseCache } from '../../src/cache/response-cache.js';
import type { Storage } from '../../src/storage/connection.js';

export interface TestApp {
  app: FastifyInstance;
  cache: MemoryResponseCache;
  generation: DatasetGeneration;
}

/**
 * Builds the app on `storage` with an in-process cache keyed on the dataset generation. The generation
 * is read once; tests that ingest afterwards call `generation.refresh()` (it is never polled).
 */
export async function appOnStorage(
  storage: Storage,
  options: Partial<
    Pick<
      AppOptions,
      | 'limits'
      | 'plans'
      | 'keyPollMs'
      | 'corsOrigins'
      | 'accessLog'
      | 'compression'
      | 'live'
      | 'routes'
      | 'webhooks'
    >
  > & {
    cacheEntries?: number;
    cacheBytes?: number;
  } = {},
): Promise<TestApp> {
  const cache = new MemoryResponseCache(options.cacheEntries ?? 1000, options.cacheBytes ?? 16 << 20);
  const generation = new DatasetGeneration(storage.db, 60_000);
  await generation.refresh();
  generation.onChange(() => void cache.clear());
  const app = await buildApp({
    storage,
    cache,
    generation,
    version: 'v1',
    env: 'development',
    limits: options.limits,
    plans: options.plans,
    keyPollMs: options.keyPollMs,
    corsOrigins: options.corsOrigins,
    routes: options.routes,
    accessLog: options.accessLog,
    compression: options.compression,
    live: options.live,
    webhooks: options.webhooks,
  });
  return { app, cache, generation };
}
