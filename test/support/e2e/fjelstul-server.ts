// A real `touchline serve` over a SQLite database with the Fjelstul World Cup database (../shared/data)
// ingested through the command line, with its admin listener for live updates and an API key; and a
// client that asks the API over one kept-alive connection. For the end-to-end tests of the live path.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { sql } from 'kysely';
import { openStorage } from '../../../src/storage/connection.js';
import { cliOnce, freePort, ROOT, runCli, waitForHealth, type RunningCli } from '../cli.js';

/** The Fjelstul World Cup database beside the repository (../shared/data), as `ingest fjelstul` reads it. */
export const FJELSTUL = path.resolve(ROOT, '..', 'shared', 'data', 'fjelstul-worldcup');
const AVAILABLE = fs.existsSync(path.join(FJELSTUL, 'data-csv', 'matches.csv'));

/**
 * Whether the shared data is there; when it is not, skips the test with a message saying so, except under
 * CI=true, where it fails (README.md: the tests that use the real datasets must run in CI).
 */
export function needsFjelstul(t: TestContext, what: string): boolean {
  if (AVAILABLE) return true;
  const missing = `${what} needs ${FJELSTUL} (the shared data folder is absent)`;
  if (process.env.CI === 'true') assert.fail(missing);
  t.skip(missing);
  return false;
}

/** The one plan of the server: limits no test of the live path comes near, however slow the machine. */
const E2E_PLAN = {
  name: 'e2e',
  requests_per_minute: 1_000_000,
  requests_per_period: 100_000_000,
  description: 'End-to-end tests of the live path',
};

export interface FjelstulServer {
  /** `http://127.0.0.1:<port>` of the API. */
  origin: string;
  /** `http://127.0.0.1:<port>` of the admin listener. */
  adminUrl: string;
  adminToken: string;
  /**
   * An API key of a plan of its own (E2E_PLAN): a client polling every 25 ms for as long as a loaded
   * machine makes the test last must never meet its limit (pro's 1,200 a minute is 30 s of that).
   */
  key: string;
  databaseUrl: string;
  serve: RunningCli;
  /** The environment `serve` was started with: to start it again on the same database (after a kill). */
  serveEnv: Record<string, string>;
  /** The Touchline ID of a Fjelstul match (`M-2022-64`), through its provenance row. */
  matchId(fjelstulKey: string): Promise<string>;
}

/** Runs one command to its end and fails the test, with its output, if it did not exit 0. */
async function run(args: string[], env: Record<string, string>): Promise<string> {
  const done = await cliOnce(args, env);
  assert.equal(done.code, 0, `touchline ${args.join(' ')}: ${done.stderr}`);
  return done.stdout;
}

/**
 * A new SQLite database in a temporary folder (removed after `t`), migrated, with the whole Fjelstul
 * database ingested and a key created, served by `touchline serve --workers <workers>` (killed after `t`)
 * with the admin listener on and `env` added. No background ingestion (TOUCHLINE_SOURCES empty).
 */
export async function startFjelstulServer(
  t: TestContext,
  options: { workers: number; env?: Record<string, string> },
): Promise<FjelstulServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-e2e-live-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const databaseUrl = `sqlite:${path.join(dir, 'touchline.db')}`;
  const plansFile = path.join(dir, 'plans.json');
  fs.writeFileSync(plansFile, JSON.stringify([E2E_PLAN]));
  const base = {
    DATABASE_URL: databaseUrl,
    TOUCHLINE_SOURCES: '',
    LOG_LEVEL: 'warn',
    TOUCHLINE_PLANS_FILE: plansFile,
  };

  await run(['migrate'], base);
  await run(['ingest', 'fjelstul', '--from', FJELSTUL], base);
  const key = (await run(['keys', 'create', '--plan', E2E_PLAN.name, '--name', 'e2e live'], base)).trim();
  assert.match(key, /^test_\w+$/);

  const [port, adminPort] = [await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${port}`;
  const adminToken = crypto.randomBytes(24).toString('hex');
  const serveEnv = {
    ...base,
    HOST: '127.0.0.1',
    PORT: String(port),
    TOUCHLINE_ADMIN_PORT: String(adminPort),
    TOUCHLINE_ADMIN_TOKEN: adminToken,
    TOUCHLINE_STREAM_TOKEN_SECRET: crypto.randomBytes(32).toString('hex'),
    TOUCHLINE_DRAIN_MS: '200',
    ...options.env,
  };
  const serve = runCli(t, ['serve', '--workers', String(options.workers)], serveEnv);
  // The admin listener is started before the API (src/server/cluster.ts): once /health answers, both do.
  await waitForHealth(origin, serve, 60_000);

  return {
    origin,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    adminToken,
    key,
    databaseUrl,
    serve,
    serveEnv,
    async matchId(fjelstulKey) {
      const storage = openStorage(databaseUrl, { create: false });
      try {
        const { rows } = await sql<{ match_id: string }>`
          select match_id from match_sources where source_key = ${fjelstulKey}`.execute(storage.db);
        assert.equal(rows.length, 1, `one match for ${fjelstulKey}`);
        return rows[0]!.match_id;
      } finally {
        await storage.close();
      }
    },
  };
}

export interface JsonAnswer<T> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { data: T } & Record<string, unknown>;
}

export interface ApiClient {
  /** GET `origin` + `/api/v1` + `url` with the key; the parsed JSON answer. */
  get<T = Record<string, unknown>>(url: string): Promise<JsonAnswer<T>>;
  close(): void;
}

/**
 * An API client over one kept-alive connection: with `--workers` the cluster hands each connection to one
 * worker, so a client polling through it sees one process's answers in the order that process gave them.
 */
export function apiClient(origin: string, key: string): ApiClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    get<T>(url: string) {
      return new Promise<JsonAnswer<T>>((resolve, reject) => {
        const req = http.get(
          `${origin}/api/v1${url}`,
          { agent, headers: { authorization: `Bearer ${key}`, accept: 'application/json' } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => {
              try {
                resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) });
              } catch {
                reject(new Error(`${url}: HTTP ${res.statusCode}, not JSON: ${text.slice(0, 200)}`));
              }
            });
            res.on('error', reject);
          },
        );
        req.setTimeout(30_000, () => req.destroy(new Error(`${url}: no answer within 30 s`)));
        req.on('error', reject);
      });
    },
    close: () => agent.destroy(),
  };
}
