// `touchline serve` started by the real CLI in processes of its own, as a target (target.ts) for the
// raw-socket scenarios: a fresh database on the engine asked for, migrated by `touchline
// migrate`, a small fixture ingested, two keys made by `touchline keys create`. Nothing inside the
// server can be seen from here: what the scenarios assert about the app's parser and settings is
// checked on the app listening in this process (listening-app.ts) only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { openStorage } from '../../../src/storage/connection.js';
import { createKey, freePort, serve, serveWorkers, touchline } from '../limits/cli.js';
import { Scope } from '../limits/limits-env.js';
import { ingestFixture } from '../production/fixture.js';
import { rawClient } from '../raw-http-client.js';
import type { Engine } from '../../../src/storage/connection.js';
import { createTestDatabase } from '../test-database.js';
import { API, type Auth, type MemoryGauge, type Target } from './target.js';

export interface RealServerOptions {
  /** The database's engine. */
  engine: Engine;
  /** `serve --workers N` when over 1: cluster workers sharing the port. */
  workers: number;
  /** REDIS_URL: the shared response cache and the request counters in Redis. */
  redisUrl?: string;
}

/** The resident memory of the process and its children (cluster workers), where Linux's /proc tells. */
function residentMemory(pid: number): MemoryGauge | undefined {
  const residentKb = (of: number) => {
    try {
      const status = fs.readFileSync(`/proc/${of}/status`, 'utf8');
      return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0);
    } catch {
      return 0; // no such process (any more)
    }
  };
  const children = () => {
    try {
      return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean);
    } catch {
      return [];
    }
  };
  const mb = () => [pid, ...children().map(Number)].reduce((kb, of) => kb + residentKb(of), 0) / 1000;
  return mb() > 0 ? { what: 'resident memory', mb } : undefined;
}

/**
 * Starts `touchline serve` (with `options`) on a database of its own, ready to answer; everything is
 * stopped and removed after `t`.
 */
export async function realServer(t: Pick<TestContext, 'after'>, options: RealServerOptions): Promise<Target> {
  const scope = new Scope(t);
  const database = await createTestDatabase('touchline.db', options.engine);
  scope.defer(() => database.drop());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-http-'));
  scope.defer(() => fs.rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: database.url,
    TOUCHLINE_SOURCES: '',
    LOG_LEVEL: 'warn',
    // The shared Redis is everyone's: entries written here expire soon after the test.
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl, TOUCHLINE_SHARED_CACHE_TTL_SECONDS: '60' } : {}),
  };

  // `migrate` first: the other commands refuse to create a missing SQLite file.
  const migrated = await touchline(['migrate'], env);
  if (migrated.code !== 0) throw new Error(`migrate failed (${migrated.code}): ${migrated.stderr}`);
  const storage = openStorage(database.url);
  try {
    await ingestFixture(storage, dir, 'C');
  } finally {
    await storage.close();
  }
  // On the "pro" plan, so that the scenarios' bursts stay below its rate limit until the flood spends it.
  const bearer = async (): Promise<Auth> => ({
    Authorization: `Bearer ${(await createKey(env, 'pro')).key}`,
  });
  const auth = await bearer();
  const another = await bearer();

  const server =
    options.workers > 1 ? await serveWorkers(scope, env, options.workers) : await serve(scope, [], env);
  const teams = await fetch(`http://127.0.0.1:${port}${API}/football/teams?limit=1`, { headers: auth });
  const teamId = ((await teams.json()) as { data?: Array<{ id: string }> }).data?.[0]?.id;
  if (!teamId) throw new Error(`no team served (HTTP ${teams.status})`);

  return {
    port,
    auth,
    teamId,
    async connect(tc) {
      const client = await rawClient(port);
      tc.after(() => client.destroy());
      return client;
    },
    anotherKey: async () => another,
    memory: residentMemory(server.child.pid!),
  };
}
