import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import { buildApp } from '../api/app.js';
import { issueApiKey } from '../auth/api-keys.js';
import { DatasetGeneration } from '../cache/dataset-generation.js';
import { MemoryResponseCache } from '../cache/response-cache.js';
import { openStorage, type Storage } from '../storage/connection.js';
import { migrateToLatest } from '../storage/migrations/migrate.js';
import { countApiKeys, insertApiKey } from '../storage/repositories/api-key.repository.js';
import { latestSuccessfulRun } from '../storage/repositories/ingestion-run.repository.js';
import { ingestInBackground, type BackgroundIngestion } from './background-ingestion.js';
import { VERSION } from './version.js';

export interface RunningServer {
  app: FastifyInstance;
  storage: Storage;
  url: string;
  ingestion: BackgroundIngestion | undefined;
  close(): Promise<void>;
}

/** On a development database without keys, creates one and prints it once, so the API can be tried at once. */
async function firstKey(
  storage: Storage,
  config: Readonly<Config>,
  print: (text: string) => void,
): Promise<void> {
  if (config.env !== 'development' || (await countApiKeys(storage.db)) > 0) return;
  const issued = issueApiKey(config.env, 'development key created on first start', new Date());
  await insertApiKey(storage.db, issued.row);
  print(
    `\nDevelopment API key (shown only this once; manage keys with "touchline keys"):\n\n  ${issued.key}\n\n` +
      `Try: curl -H "Authorization: Bearer ${issued.key}" http://${config.host}:${config.port}/api/v1/football/competitions\n\n`,
  );
}

/**
 * Migrates, serves, and when nothing was ever ingested, ingests the configured sources in the background
 * while already answering requests.
 */
export async function startServer(
  config: Readonly<Config>,
  options: { print?: (text: string) => void } = {},
): Promise<RunningServer> {
  const print = options.print ?? ((text: string) => process.stdout.write(text));
  const storage = openStorage(config.databaseUrl);
  await migrateToLatest(storage);
  await firstKey(storage, config, print);

  const cache = new MemoryResponseCache(config.responseCacheEntries);
  const generation = new DatasetGeneration(storage.db, config.generationPollMs);
  await generation.refresh();
  generation.onChange(() => void cache.clear());
  generation.start();

  const app = await buildApp({
    db: storage.db,
    storage,
    cache,
    generation,
    version: VERSION,
    env: config.env,
    logger: { level: config.logLevel },
  });
  const url = await app.listen({ host: config.host, port: config.port });

  let ingestion: BackgroundIngestion | undefined;
  if (config.sources.length > 0 && !(await latestSuccessfulRun(storage.db))) {
    app.log.info('nothing ingested yet: ingesting the default sources in the background');
    ingestion = ingestInBackground(config.sources, app.log, () => {
      void generation.refresh();
    });
  }

  return {
    app,
    storage,
    url,
    ingestion,
    async close() {
      ingestion?.stop();
      generation.stop();
      await app.close();
      await storage.close();
    },
  };
}
