import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
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
  log.info('nothing ingested yet: ingesting the configured sources in the background');
  return ingestInBackground(config.sources, log);
}
