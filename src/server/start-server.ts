import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { buildApp } from '../api/app.js';
import { DatasetGeneration } from '../cache/dataset-generation.js';
import { openRedis, redisReady, RedisResponseCache } from '../cache/redis-response-cache.js';
import { MemoryResponseCache, NoResponseCache, type ResponseCache } from '../cache/response-cache.js';
import { TieredResponseCache } from '../cache/tiered-response-cache.js';
import { openStorage, type Storage } from '../storage/connection.js';
import { VERSION } from './version.js';
import { processMetrics } from './process-metrics.js';
import { accessLog } from '../api/http/access-log.js';
import { limitStore } from '../limits/limit-store-factory.js';
import type { LimitStore } from '../limits/limit-store.js';
import { GENERATED_SECRET_WARNING, openLiveFeed } from '../stream/live-feed.js';
import { DeliveryWorker } from '../webhooks/delivery-worker.js';
import { TargetPolicy } from '../webhooks/target-policy.js';

export interface RunningServer {
  app: FastifyInstance;
  storage: Storage;
  url: string;
  close(): Promise<void>;
}

function responseCache(
  config: Readonly<Config>,
  warn: (message: string) => void,
): { cache: ResponseCache; redis?: Redis } {
  const local = new MemoryResponseCache(config.responseCacheEntries, config.responseCacheBytes);
  if (!config.redisUrl) return { cache: config.responseCache ? local : new NoResponseCache() };
  let lastReport = 0;
  const redis = openRedis(config.redisUrl, (error) => {
    // One line every 10 s at most while Redis is away; requests meanwhile go to the database.
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      warn(`redis unavailable, answering from the database: ${error.message}`);
    }
  });
  const shared = new RedisResponseCache(redis, config.sharedCacheTtlSeconds);
  // Redis is still opened without a response cache: the request counters live there.
  if (!config.responseCache) return { cache: new NoResponseCache(), redis };
  return { cache: new TieredResponseCache(local, shared), redis };
}

const REDIS_START_WAIT_MS = 3000;

/** Builds and starts one HTTP server process (it does not migrate: see prepareDeployment). */
export async function startServer(
  config: Readonly<Config>,
  log: Logger,
  options: { limits?: LimitStore; liveFromPrimary?: boolean } = {},
): Promise<RunningServer> {
  // Never a new file: this process does not migrate, and a worker started after the database file was
  // deleted would answer healthy from an empty one.
  const storage = openStorage(config.databaseUrl, { create: false, mmapBytes: config.sqliteMmapBytes });
  const generation = new DatasetGeneration(storage.db, config.generationPollMs);
  await generation.refresh().catch(() => undefined);
  generation.start();

  const { cache, redis } = responseCache(config, (message) => log.warn(message));
  // Until Redis answers, limits would be counted per process: give it a moment before serving.
  if (redis) await redisReady(redis, REDIS_START_WAIT_MS);
  const limits = options.limits ?? limitStore(storage, redis, config.usageFlushMs);
  generation.onChange(() => void cache.clear());
  const metrics = await processMetrics(config, storage, redis);
  // Live streams (src/stream): this process follows the log itself, or gets the cluster primary's events;
  // events reaching it make it read the invalidation log at once, so live answers are current.
  const live = openLiveFeed(storage, {
    ...config.stream,
    log,
    redisUrl: config.redisUrl,
    redis,
    primary: options.liveFromPrimary ? process : undefined,
    onEvents: () => void generation.refresh().catch(() => undefined),
  });
  if (config.stream.tokenSecretGenerated && !options.liveFromPrimary) log.warn(GENERATED_SECRET_WARNING);
  const policy = new TargetPolicy({
    allowHttp: config.webhooks.allowHttp,
    allowHosts: config.webhooks.allowHosts,
  });
  const app = await buildApp({
    storage,
    cache,
    generation,
    version: VERSION,
    env: config.env,
    limits,
    plans: config.plans,
    logger: log,
    keyPollMs: config.generationPollMs,
    metrics: metrics?.requests,
    corsOrigins: config.corsOrigins,
    compression: config.compression,
    accessLog: accessLog(log, config.accessLogSample),
    live,
    webhooks: { policy },
  });
  const url = await app.listen({ host: config.host, port: config.port });
  // Webhooks are delivered by every serving process, each holding the subscriptions it leases (docs/webhooks.md).
  const worker = config.webhooks.deliver
    ? new DeliveryWorker({
        db: storage.db,
        policy,
        plans: config.plans,
        concurrency: config.webhooks.concurrency,
        onError: (error) => log.warn({ err: error }, 'webhook delivery failed to run'),
      })
    : undefined;
  worker?.start();
  return {
    app,
    storage,
    url,
    async close() {
      // Drain first: keep answering for a moment, every answer closing its connection, so requests
      // already on their way are served and no keep-alive connection is cut; then stop.
      app.drain();
      await new Promise((resolve) => setTimeout(resolve, config.drainMs));
      generation.stop();
      await worker?.stop();
      await app.close();
      await live.close();
      await metrics?.close();
      redis?.disconnect();
      await storage.close();
    },
  };
}
