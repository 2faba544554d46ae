import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { DEVELOPMENT_PLAN } from '../config/plans.js';
import { buildApp } from '../api/app.js';
import { issueApiKey } from '../auth/api-keys.js';
import { DatasetGeneration } from '../cache/dataset-generation.js';
import { openRedis, redisReady, RedisResponseCache } from '../cache/redis-response-cache.js';
import { MemoryResponseCache, NoResponseCache, type ResponseCache } from '../cache/response-cache.js';
import { TieredResponseCache } from '../cache/tiered-response-cache.js';
import { openStorage, type Storage } from '../storage/connection.js';
import { migrateToLatest } from '../storage/migrations/migrate.js';
import { countApiKeys, insertApiKey } from '../storage/repositories/api-key.repository.js';
import { latestSuccessfulRun } from '../storage/repositories/ingestion-run.repository.js';
import { ingestInBackground, type BackgroundIngestion } from './background-ingestion.js';
import { VERSION } from './version.js';
import { MemoryLimitStore } from '../limits/memory-limit-store.js';
import { RedisLimitStore } from '../limits/redis-limit-store.js';
import { UsageLedger } from '../limits/usage-ledger.js';
import type { LimitStore } from '../limits/limit-store.js';

export interface RunningServer {
  app: FastifyInstance;
  storage: Storage;
  url: string;
  close(): Promise<void>;
}

type Print = (text: string) => void;
const stdout: Print = (text) => process.stdout.write(text);

/** On a development database without keys, creates one and prints it once, so the API can be tried at once. */
async function firstKey(storage: Storage, config: Readonly<Config>, print: Print): Promise<void> {
  if (config.env !== 'development' || (await countApiKeys(storage.db)) > 0) return;
  const plan = config.plans.some((p) => p.name === DEVELOPMENT_PLAN)
    ? DEVELOPMENT_PLAN
    : config.plans[0]!.name;
  const issued = issueApiKey(config.env, 'development key created on first start', new Date(), undefined, {
    plan,
  });
  await insertApiKey(storage.db, issued.row);
  print(
    `\nDevelopment API key (shown only this once; manage keys with "touchline keys"):\n\n  ${issued.key}\n\n` +
      `Try: curl -H "Authorization: Bearer ${issued.key}" http://${config.host}:${config.port}/api/v1/football/competitions\n\n`,
  );
}

/**
 * What happens once per deployment before serving: migrations, the first development key, and — when
 * nothing was ever ingested — the configured sources, ingested in the background by child processes.
 */
export async function prepareDeployment(
  config: Readonly<Config>,
  log: Logger,
  print: Print = stdout,
): Promise<BackgroundIngestion | undefined> {
  const storage = openStorage(config.databaseUrl);
  try {
    await migrateToLatest(storage);
    await firstKey(storage, config, print);
    if (config.sources.length === 0 || (await latestSuccessfulRun(storage.db))) return undefined;
  } finally {
    await storage.close();
  }
  log.info('nothing ingested yet: ingesting the configured sources in the background');
  return ingestInBackground(config.sources, log);
}

function responseCache(
  config: Readonly<Config>,
  warn: (message: string) => void,
): { cache: ResponseCache; redis?: Redis } {
  const local = new MemoryResponseCache(config.responseCacheEntries);
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

/** Request counters: shared through Redis when configured, else held by this process. */
export function limitStore(storage: Storage, redis?: Redis): LimitStore {
  const ledger = new UsageLedger(storage.db);
  ledger.start();
  const local = new MemoryLimitStore(ledger);
  return redis ? new RedisLimitStore(redis, ledger, local) : local;
}

/** Builds and starts one HTTP server process (it does not migrate: see prepareDeployment). */
export async function startServer(
  config: Readonly<Config>,
  log: Logger,
  options: { limits?: LimitStore } = {},
): Promise<RunningServer> {
  const storage = openStorage(config.databaseUrl);
  const generation = new DatasetGeneration(storage.db, config.generationPollMs);
  await generation.refresh().catch(() => undefined);
  generation.start();

  const { cache, redis } = responseCache(config, (message) => log.warn(message));
  // Until Redis answers, limits would be counted per process: give it a moment before serving.
  if (redis) await redisReady(redis, REDIS_START_WAIT_MS);
  const limits = options.limits ?? limitStore(storage, redis);
  generation.onChange(() => void cache.clear());
  const app = await buildApp({
    db: storage.db,
    storage,
    cache,
    generation,
    version: VERSION,
    env: config.env,
    limits,
    plans: config.plans,
    logger: log,
  });
  const url = await app.listen({ host: config.host, port: config.port });
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
      await app.close();
      redis?.disconnect();
      await storage.close();
    },
  };
}
