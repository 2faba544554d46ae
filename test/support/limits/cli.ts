// The limit suites' uses of the real CLI (test/support/cli.ts): `serve` kept running in a Scope until the
// test ends, one-shot commands, a plans file, keys and their usage.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Plan } from '../../../src/config/plans.js';
import { openStorage } from '../../../src/storage/connection.js';
import { migrateToLatest } from '../../../src/storage/migrations/migrate.js';
import { cliOnce, freePort, killCli, launchCli, waitForHealth, type RunningCli } from '../cli.js';
import type { Scope } from './limits-env.js';

export { freePort } from '../cli.js';
export type Serving = RunningCli;

/** Runs one command to its end. */
export const touchline = cliOnce;

/**
 * Creates and migrates a database, as `touchline migrate` would: commands other than `migrate` and
 * `serve` refuse a missing SQLite file, so keys can be created before the first `serve` only after this.
 */
export async function migrateDatabase(databaseUrl: string): Promise<void> {
  const storage = openStorage(databaseUrl);
  try {
    await migrateToLatest(storage);
  } finally {
    await storage.close();
  }
}

/** Starts `serve` (its process group killed after the test if still running) and waits until /health is 200. */
export async function serve(
  scope: Scope,
  args: string[],
  env: Record<string, string> & { PORT: string },
): Promise<Serving> {
  const running = launchCli(['serve', ...args], env);
  scope.defer(() => killCli(running));
  await waitForHealth(`http://127.0.0.1:${env.PORT}`, running);
  return running;
}

export interface ServeEnv {
  dir: string;
  base: string;
  env: Record<string, string> & { PORT: string };
}

/** How often the servers of these tests write their counts (TOUCHLINE_USAGE_FLUSH_MS). */
export const FLUSH_MS = 1000;

/**
 * A temporary folder (removed after the test), a migrated SQLite database in it and a free port: the
 * environment to run `serve` and the CLI's other commands with; `plans` are written to a plans file when
 * given.
 */
export async function serveEnv(
  scope: Scope,
  label: string,
  options: { plans?: readonly Plan[]; logLevel?: string } = {},
): Promise<ServeEnv> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `touchline-${label}-`));
  scope.defer(() => fs.rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  const databaseUrl = `sqlite:${path.join(dir, `${label}.db`)}`;
  const env: ServeEnv['env'] = {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    TOUCHLINE_SOURCES: '',
    LOG_LEVEL: options.logLevel ?? 'warn',
    // What a hard crash may lose: the durability tests wait past a write (FLUSH_MS), not the default's 5 s.
    TOUCHLINE_USAGE_FLUSH_MS: String(FLUSH_MS),
  };
  if (options.plans) env.TOUCHLINE_PLANS_FILE = writePlansFile(dir, options.plans);
  await migrateDatabase(databaseUrl);
  return { dir, base: `http://127.0.0.1:${port}`, env };
}

/** `serve --workers N`, once every worker listens (each logs it once at info level), so connections spread. */
export async function serveWorkers(scope: Scope, env: ServeEnv['env'], workers: number): Promise<Serving> {
  const server = await serve(scope, ['--workers', String(workers)], { ...env, LOG_LEVEL: 'info' });
  const deadline = Date.now() + 30_000;
  while ((server.output.stdout.match(/Server listening at/g) ?? []).length < workers) {
    if (Date.now() > deadline) throw new Error(`${workers} workers not listening: ${server.output.stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server;
}

/** Writes plans in the TOUCHLINE_PLANS_FILE format and returns the file's path. */
export function writePlansFile(dir: string, plans: readonly Plan[], name = 'plans.json'): string {
  const file = path.join(dir, name);
  const json = plans.map((p) => ({
    name: p.name,
    requests_per_minute: p.requestsPerMinute,
    requests_per_period: p.requestsPerPeriod,
    description: p.description,
  }));
  fs.writeFileSync(file, JSON.stringify(json));
  return file;
}

/** Creates a key through `keys create`; returns the key (stdout) and its id (named on stderr). */
export async function createKey(
  env: Record<string, string>,
  plan: string,
): Promise<{ key: string; id: string }> {
  const result = await touchline(['keys', 'create', '--plan', plan, '--name', `cli ${plan}`], env);
  const id = /created (key_\w+) on plan/.exec(result.stderr)?.[1];
  if (result.code !== 0 || !id) throw new Error(`keys create failed (${result.code}): ${result.stderr}`);
  return { key: result.stdout.trim(), id };
}

/** `keys usage <id>`'s "used U of Q, remaining R" line. */
export async function keysUsage(
  env: Record<string, string>,
  id: string,
): Promise<{ used: number; limit: number; remaining: number }> {
  const result = await touchline(['keys', 'usage', id], env);
  const match = /^used (\d+) of (\d+), remaining (\d+)$/m.exec(result.stdout);
  if (result.code !== 0 || !match)
    throw new Error(`keys usage failed (${result.code}): ${result.stdout}${result.stderr}`);
  return { used: Number(match[1]), limit: Number(match[2]), remaining: Number(match[3]) };
}
