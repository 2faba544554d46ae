import fs from 'node:fs';
import type { Logger } from 'pino';
import { parseSourceSpec, type Config } from '../config/config.js';
import { STARTER_LOCATION, STARTER_SOURCE, STARTER_SPEC } from '../ingest/starter-data.js';
import { DEVELOPMENT_PLAN } from '../config/plans.js';
import { issueApiKey } from '../auth/api-keys.js';
import { openStorage, type Storage } from '../storage/connection.js';
import { migrateToLatest } from '../storage/migrations/migrate.js';
import { countApiKeys, insertApiKey } from '../storage/repositories/api-key.repository.js';
import { latestSuccessfulRun } from '../storage/repositories/ingestion-run.repository.js';
import { ingestInBackground, type BackgroundIngestion } from './background-ingestion.js';

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
 * The first start's sources: the starter dataset first when the configured sources include the one it
 * is a part of (so that the source replaces it when reached), then the configured ones. A source that
 * cannot be reached (no network) leaves the starter dataset served, and the refresh schedule retries it.
 */
export function withStarter(sources: readonly string[]): string[] {
  const includesStarter = sources.some((spec) => parseSourceSpec(spec).source === STARTER_SOURCE);
  return includesStarter && fs.existsSync(STARTER_LOCATION) ? [STARTER_SPEC, ...sources] : [...sources];
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
  // The first start creates the SQLite file; nothing after it in this process does (see startServer).
  const storage = openStorage(config.databaseUrl, { create: true });
  try {
    await migrateToLatest(storage);
    await firstKey(storage, config, print);
    if (config.sources.length === 0 || (await latestSuccessfulRun(storage.db))) return undefined;
  } finally {
    await storage.close();
  }
  const starter = withStarter(config.sources);
  log.info(
    starter.length > config.sources.length
      ? 'nothing ingested yet: ingesting the starter dataset (World Cups 1930-2026), then the configured sources, in the background'
      : 'nothing ingested yet: ingesting the configured sources in the background',
  );
  return ingestInBackground(starter, log);
}
