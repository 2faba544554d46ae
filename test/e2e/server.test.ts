import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = ['--import', 'tsx', path.join(ROOT, 'src', 'cli', 'main.ts')];
const KEY = /\btest_[A-Za-z0-9]{20,}\b/g;

interface Running {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function runCli(t: TestContext, args: string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, [...CLI, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout!.on('data', (d: Buffer) => (output.stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output.stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  return { child, output, exited };
}

async function waitForHealth(base: string, running: Running, withinMs: number): Promise<Response> {
  const deadline = Date.now() + withinMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) {
      throw new Error(`serve exited with ${running.child.exitCode}: ${running.output.stderr}`);
    }
    try {
      const res = await fetch(`${base}/api/v1/health`);
      if (res.status === 200) return res;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `/health did not answer 200 within ${withinMs} ms (${last}); stderr: ${running.output.stderr}`,
  );
}

async function stop(running: Running): Promise<void> {
  running.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no exit 10 s after SIGTERM')), 10_000);
  });
  try {
    const result = await Promise.race([running.exited, timeout]);
    assert.deepEqual(
      result,
      { code: 0, signal: null },
      `exit after SIGTERM; stderr: ${running.output.stderr}`,
    );
  } finally {
    clearTimeout(timer);
  }
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
    const health = await waitForHealth(base, server, 10_000);
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
