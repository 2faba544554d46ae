// `touchline serve --workers N`: one deployment preparation (migrations, the first development key) in
// the primary, N worker processes answering, and the worker count validated like any configuration.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { exitWithin, freePort, runCli, waitForHealth } from '../../support/cli.js';
import { makeTempDir } from '../../support/production/fixture.js';
import { exitIfStuck } from '../../support/production/wait.js';

// Whatever a failure leaves behind, this file's process must end.
after(() => exitIfStuck());

const KEY = /\btest_[A-Za-z0-9]{20,}\b/g;

/** The primary's child processes (Linux), or null where /proc cannot tell. */
function childPids(pid: number): number[] | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return text.split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return null;
  }
}

test('touchline serve --workers', { timeout: 60_000 }, async (t) => {
  const dir = makeTempDir('workers');
  t.after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  await t.test('--workers 2 on a fresh database: healthy, the first key printed once', async (tt) => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const serve = runCli(tt, ['serve', '--workers', '2'], {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `sqlite:${path.join(dir, 'fresh.db')}`,
      TOUCHLINE_SOURCES: '',
      LOG_LEVEL: 'info',
    });
    await waitForHealth(base, serve);
    const health = (await (await fetch(`${base}/api/v1/health`)).json()) as Record<string, unknown>;
    assert.equal(health.status, 'ok');
    assert.deepEqual(health.checks, { database: true, cache: true });

    // Both workers are up (every worker gets the port); give a late one the chance to print a key too.
    const deadline = Date.now() + 10_000;
    while (!/"workers":2/.test(serve.output.stdout) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.match(serve.output.stdout, /serving with worker processes/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const children = childPids(serve.child.pid!);
    if (children) assert.equal(children.length, 2, `worker processes: ${children.join(', ')}`);

    const keys = serve.output.stdout.match(KEY) ?? [];
    assert.equal(new Set(keys).size, 1, `one key: ${serve.output.stdout}`);
    assert.equal(serve.output.stdout.split('Development API key').length - 1, 1, 'printed once');
    const key = keys[0]!;
    for (let i = 0; i < 6; i += 1) {
      const res = await fetch(`${base}/api/v1/football/competitions?page=${i + 1}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      assert.equal(res.status, 200);
      await res.arrayBuffer();
    }

    serve.child.kill('SIGTERM');
    assert.deepEqual(await exitWithin(serve, 10_000), { code: 0, signal: null });
    assert.doesNotMatch(serve.output.stderr, /\n\s+at /, 'no stack trace');
  });

  await t.test('TOUCHLINE_WORKERS=abc exits 1 naming the variable', async (tt) => {
    const serve = runCli(tt, ['serve'], {
      PORT: String(await freePort()),
      DATABASE_URL: `sqlite:${path.join(dir, 'abc.db')}`,
      TOUCHLINE_SOURCES: '',
      TOUCHLINE_WORKERS: 'abc',
    });
    assert.deepEqual(await exitWithin(serve, 15_000), { code: 1, signal: null });
    assert.match(serve.output.stderr, /TOUCHLINE_WORKERS/);
    assert.match(serve.output.stderr, /"abc"/);
    assert.doesNotMatch(serve.output.stderr, /\n\s+at /, 'no stack trace');
    assert.equal(fs.existsSync(path.join(dir, 'abc.db')), false, 'nothing was started');
  });

  await t.test('serve --workers 0 exits 2 with the usage', async (tt) => {
    const serve = runCli(tt, ['serve', '--workers', '0'], {
      PORT: String(await freePort()),
      DATABASE_URL: `sqlite:${path.join(dir, 'zero.db')}`,
      TOUCHLINE_SOURCES: '',
    });
    assert.deepEqual(await exitWithin(serve, 15_000), { code: 2, signal: null });
    assert.match(serve.output.stderr, /--workers/);
    assert.match(serve.output.stderr, /"0"/);
    assert.match(serve.output.stderr, /Usage: touchline/);
    assert.doesNotMatch(serve.output.stderr, /\n\s+at /, 'no stack trace');
    assert.equal(serve.output.stdout, '');
  });
});
