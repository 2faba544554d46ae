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

/** Shows the first start's development key, with a request to try it with. */
export type KeyAnnouncer = (key: string, tryCommand: string) => void;

/** The default: a block of text on stdout, among the log lines, where a developer starting it looks. */
const printKey: KeyAnnouncer = (key, tryCommand) =>
  process.stdout.write(
    `\nDevelopment API key (shown only this once; manage keys with "touchline keys"):\n\n  ${key}\n\n` +
      `Try: ${tryCommand}\n\n`,
  );

/**
 * `serve --json`: the key as one more log line, so that stdout holds nothing but JSON lines. The secret in
 * a log line is what the text block does too, once: a log kept from the first start has the key either way.
 */
export function logKey(log: Logger): KeyAnnouncer {
  return (key, tryCommand) =>
    log.info({ api_key: key, try: tryCommand }, 'development API key (shown only this once)');
}

/** On a development database without keys, creates one and prints it once, so the API can be tried at once. */
async function firstKey(storage: Storage, config: Readonly<Config>, announce: KeyAnnouncer): Promise<void> {
  if (config.env !== 'development' || (await countApiKeys(storage.db)) > 0) return;
  const plan = config.plans.some((p) => p.name === DEVELOPMENT_PLAN)
    ? DEVELOPMENT_PLAN
    : config.plans[0]!.name;
  const issued = issueApiKey(config.env, 'development key created on first start', new Date(), undefined, {
    plan,
  });
  await insertApiKey(storage.db, issued.row);
  announce(
    issued.key,
    `curl -H "Authorization: Bearer ${issued.key}" http://${config.host}:${config.port}/api/v1/football/competitions`,
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
  announce: KeyAnnouncer = printKey,
): Promise<BackgroundIngestion | undefined> {
  // The first start creates the SQLite file; nothing after it in this process does (see startServer).
  const storage = openStorage(config.databaseUrl, { create: true });
  try {
    await migrateToLatest(storage);
    await firstKey(storage, config, announce);
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
