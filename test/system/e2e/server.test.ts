import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { exitWithin, freePort, runCli, waitForHealth, type RunningCli } from '../../support/cli.js';

const KEY = /\btest_[A-Za-z0-9]{20,}\b/g;

/** SIGTERM, then a clean exit within 10 s. */
async function stop(running: RunningCli): Promise<void> {
  running.child.kill('SIGTERM');
  const result = await exitWithin(running, 10_000);
  assert.deepEqual(result, { code: 0, signal: null }, `exit after SIGTERM; stderr: ${running.output.stderr}`);
}

test('touchline serve, end to end', { timeout: 90_000 }, async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-e2e-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${path.join(dir, 'e2e.db')}`,
    TOUCHLINE_SOURCES: 'http://127.0.0.1:1/unreachable.tar.gz',
    LOG_LEVEL: 'warn',
  };
  let key = '';

  await t.test('first start: healthy within 10 s, prints one test_ key', async (tt) => {
    const server = runCli(tt, ['serve'], env);
    await waitForHealth(base, server, 10_000);
    const health = await fetch(`${base}/api/v1/health`);
    const body = (await health.json()) as { status: string; checks: Record<string, boolean> };
    assert.equal(body.status, 'ok');
    assert.deepEqual(body.checks, { database: true, cache: true });

    const keys = new Set(server.output.stdout.match(KEY) ?? []);
    assert.equal(keys.size, 1, `one key printed: ${server.output.stdout}`);
    key = [...keys][0]!;

    // The unreachable source fails fast; the server keeps serving without it.
    const deadline = Date.now() + 15_000;
    while (!/background ingestion failed/.test(server.output.stdout) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.match(server.output.stdout, /background ingestion failed/);

    const res = await fetch(`${base}/api/v1/coverage/summary`, {
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(res.status, 200);
    assert.match(String(res.headers.get('content-type')), /^application\/json/);
    const summary = (await res.json()) as { data: Record<string, unknown> };
    for (const count of ['competitions', 'seasons', 'teams', 'matches', 'completed_matches']) {
      assert.equal(summary.data[count], 0, count);
    }
    assert.equal(summary.data.last_success_at, null);
    assert.equal(summary.data.freshness_guaranteed, false);

    const anonymous = await fetch(`${base}/api/v1/coverage/summary`);
    assert.equal(anonymous.status, 401);
    assert.ok(anonymous.headers.get('www-authenticate'));

    await stop(server);
    assert.doesNotMatch(server.output.stderr, /\n\s+at /, 'no stack trace');
  });

  await t.test('second start on the same database: no new key, the first still works', async (tt) => {
    assert.ok(key, 'the first start printed a key');
    const server = runCli(tt, ['serve'], env);
    await waitForHealth(base, server, 10_000);
    assert.doesNotMatch(server.output.stdout, KEY);
    const res = await fetch(`${base}/api/v1/football/competitions`, {
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(((await res.json()) as { data: unknown[] }).data, []);
    await stop(server);
  });
});

test('touchline serve with an invalid configuration', { timeout: 30_000 }, async (t) => {
  const server = runCli(t, ['serve'], { PORT: 'abc', TOUCHLINE_SOURCES: '', LOG_LEVEL: 'warn' });
  const result = await server.exited;
  assert.deepEqual(result, { code: 1, signal: null });
  assert.match(server.output.stderr, /PORT/);
  assert.match(server.output.stderr, /abc/);
  assert.doesNotMatch(server.output.stderr, /\n\s+at /, 'no stack trace');
  assert.doesNotMatch(server.output.stdout, KEY, 'nothing was started');
});
