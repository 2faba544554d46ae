// The SQLite file deleted or replaced under a running `touchline serve`: the process keeps the file it
// opened, so nothing fails by itself; /health must say so (503 degraded, checks.database false) for a
// load balancer or orchestrator to restart it, and a command run meanwhile must not create a new file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { cliOnce, freePort, runCli, waitForHealth, type RunningCli } from '../../support/cli.js';

const KEY = /\btest_[A-Za-z0-9]{20,}\b/;

interface Served {
  file: string;
  dir: string;
  api: string;
  key: string;
  server: RunningCli;
  env: Record<string, string>;
}

/** `serve` on a new SQLite file in a temporary folder, once healthy, with the key its first start printed. */
async function serveSqlite(t: TestContext, name: string): Promise<Served> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-file-moved-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, name);
  const port = await freePort();
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${file}`,
    TOUCHLINE_SOURCES: '',
    LOG_LEVEL: 'warn',
  };
  const server = runCli(t, ['serve'], env);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, server);
  const key = KEY.exec(server.output.stdout)?.[0];
  assert.ok(key, `the first start printed a key: ${server.output.stdout}`);
  return { file, dir, api: `${base}/api/v1`, key, server, env };
}

async function health(api: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${api}/health`, { signal: AbortSignal.timeout(5000) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function assertDegraded(api: string, what: string): Promise<void> {
  const { status, body } = await health(api);
  assert.equal(status, 503, what);
  assert.equal(body.status, 'degraded', what);
  assert.deepEqual(body.checks, { database: false, cache: true }, what);
}

async function assertHealthy(api: string, what: string): Promise<void> {
  const { status, body } = await health(api);
  assert.equal(status, 200, what);
  assert.deepEqual(body.checks, { database: true, cache: true }, what);
}

const logLines = (served: Served) =>
  served.server.output.stdout.split('\n').filter((line) => line.includes('database file changed'));

/** The log lines once one says `what`: the child's output arrives a moment after the answer it explains. */
async function loggedWithin(served: Served, what: string, ms = 5000): Promise<string[]> {
  const deadline = Date.now() + ms;
  while (!logLines(served).some((line) => line.includes(what))) {
    if (Date.now() > deadline) assert.fail(`no log line with "${what}" in:\n${served.server.output.stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return logLines(served);
}

test(
  'SQLite file moved away, moved back, then deleted under a running server',
  { timeout: 90_000 },
  async (t) => {
    const served = await serveSqlite(t, 'live.db');
    const { api, file, key } = served;
    await assertHealthy(api, 'before');

    fs.renameSync(file, `${file}.moved`);
    await assertDegraded(api, 'moved away');
    fs.renameSync(`${file}.moved`, file);
    await assertHealthy(api, 'the same file back at its path');

    fs.unlinkSync(file);
    for (let i = 0; i < 5; i += 1) await assertDegraded(api, `deleted, check ${i + 1}`);

    // Documented: data routes keep answering from the file the process opened until it is restarted.
    const data = await fetch(`${api}/football/competitions`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(data.status, 200);
    await data.arrayBuffer();

    // Logged once per streak, naming the path, not once per check.
    const lines = await loggedWithin(served, `${file} was deleted or moved away`);
    assert.ok(lines.length >= 1 && lines.length <= 3, `a few log lines, got:\n${lines.join('\n')}`);

    // A command run meanwhile refuses, naming the path, and does not put a new file there.
    const keys = await cliOnce(['keys', 'list'], served.env);
    assert.equal(keys.code, 1, keys.stderr);
    assert.ok(keys.stderr.includes(`no database at ${file}`), keys.stderr);
    assert.equal(fs.existsSync(file), false, 'no new database was created');
    await assertDegraded(api, 'still degraded after the command');
  },
);

test('SQLite file replaced by another database under a running server', { timeout: 90_000 }, async (t) => {
  const served = await serveSqlite(t, 'replaced.db');
  const other = path.join(served.dir, 'other.db');
  const migrate = await cliOnce(['migrate'], { DATABASE_URL: `sqlite:${other}` });
  assert.equal(migrate.code, 0, migrate.stderr);
  await assertHealthy(served.api, 'before');

  fs.renameSync(other, served.file);
  await assertDegraded(served.api, 'replaced');
  await loggedWithin(served, `${served.file} was replaced by another file`);
});
