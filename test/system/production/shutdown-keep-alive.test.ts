// SIGTERM while clients keep their keep-alive connections open (as load balancers and HTTP client pools
// do): requests in flight at the signal are answered, and the process still exits promptly instead of
// waiting for those connections to time out. PostgreSQL, so that requests really are in flight (awaiting
// the database) when the signal lands.
import assert from 'node:assert/strict';
import http from 'node:http';
import fs from 'node:fs';
import { after, test, type TestContext } from 'node:test';
import { exitWithin, freePort, runCli, waitForHealth } from '../../support/cli.js';
import { makeTempDir, prepareDatabase } from '../../support/production/fixture.js';
import { createPgDatabase, PG_PORT, requireService } from '../../support/production/services.js';
import { exitIfStuck } from '../../support/production/wait.js';

// Whatever a failure leaves behind, this file's process must end.
after(() => exitIfStuck());

const CONNECTIONS = 20;
const SIGNAL_AFTER = 100;
const EXIT_WITHIN_MS = 5000;

async function shutdownWithOpenConnections(t: TestContext, args: string[]): Promise<void> {
  if (!(await requireService(t, PG_PORT, 'PostgreSQL'))) return;
  const dir = makeTempDir('keep-alive');
  const database = await createPgDatabase('shutdown');
  t.after(async () => {
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const { key } = await prepareDatabase(database.url(), dir, 'B');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serve = runCli(t, args, {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: database.url(),
    TOUCHLINE_SOURCES: '',
    LOG_LEVEL: 'warn',
  });
  await waitForHealth(base, serve);

  // Destroyed only after the exit: until then the client keeps every connection open.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  t.after(() => agent.destroy());
  const outcomes: Record<string, number> = {};
  const count = (what: string) => (outcomes[what] = (outcomes[what] ?? 0) + 1);
  let sent = 0;
  let signalledAt = 0;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const url = `${base}/api/v1/football/matches?limit=${1 + (i % 100)}&page=${1 + Math.floor(i / 100)}`;
      const req = http.get(url, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
        res.resume();
        res.on('end', () => count(`${res.statusCode}${signalledAt ? ' after SIGTERM' : ''}`));
        res.on('close', () => resolve());
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        count(error.code ?? error.message);
        resolve();
      });
    });
  // Each connection sends one request after another until the signal, then sends nothing more.
  const connection = async () => {
    while (!signalledAt) {
      await one(sent++);
      if (sent >= SIGNAL_AFTER && !signalledAt) {
        signalledAt = Date.now();
        serve.child.kill('SIGTERM');
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));

  const exit = await exitWithin(serve, EXIT_WITHIN_MS).catch((error: Error) => error);
  t.diagnostic(
    `${args.join(' ')}: ${JSON.stringify(outcomes)}; exit ${Date.now() - signalledAt} ms after SIGTERM`,
  );
  if (exit instanceof Error) assert.fail(exit.message);
  assert.deepEqual(exit, { code: 0, signal: null }, `stderr: ${serve.output.stderr}`);
  assert.ok((outcomes['200 after SIGTERM'] ?? 0) > 0, 'requests were in flight at SIGTERM');
  assert.deepEqual(
    Object.keys(outcomes).filter((o) => !/^(200|503)/.test(o)),
    [],
    'every request in flight at SIGTERM was answered',
  );
}

test('SIGTERM with keep-alive connections held open', { timeout: 60_000 }, async (t) => {
  await t.test(`serve exits within ${EXIT_WITHIN_MS} ms`, (tt) => shutdownWithOpenConnections(tt, ['serve']));
  await t.test(`serve --workers 2 exits within ${EXIT_WITHIN_MS} ms`, (tt) =>
    shutdownWithOpenConnections(tt, ['serve', '--workers', '2']),
  );
});
