// A development server without TOUCHLINE_STREAM_TOKEN_SECRET keeps the secret it signs stream tokens with
// in the data folder: a token issued before a restart opens a stream after it, and no start warns. A
// production server still makes one at start and warns, writing nothing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { exitWithin, freePort, runCli, waitForHealth, type RunningCli } from '../../support/cli.js';

const WARNING = /TOUCHLINE_STREAM_TOKEN_SECRET is not set/;

async function stop(running: RunningCli): Promise<void> {
  running.child.kill('SIGTERM');
  assert.deepEqual(await exitWithin(running, 15_000), { code: 0, signal: null }, running.output.stderr);
}

test('development: the stream-token secret outlives a restart, quietly', { timeout: 90_000 }, async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-dev-secret-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${path.join(dir, 'dev.db')}`,
    TOUCHLINE_SOURCES: '',
  };
  const file = path.join(dir, 'stream-token-secret');

  const first = runCli(t, ['serve', '--json'], env);
  await waitForHealth(base, first);
  const key = /"api_key":"(test_\w+)"/.exec(first.output.stdout)?.[1];
  assert.ok(key, first.output.stdout);
  const issued = await fetch(`${base}/api/v1/football/live/stream-tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
  });
  assert.equal(issued.status, 200, await issued.clone().text());
  const { stream_url: streamUrl } = ((await issued.json()) as { data: { stream_url: string } }).data;
  assert.equal(fs.statSync(file).mode & 0o777, 0o600, 'the secret is readable by its owner only');
  const secret = fs.readFileSync(file, 'utf8');
  await stop(first);
  assert.doesNotMatch(first.output.stdout, WARNING);
  assert.match(first.output.stdout, /signed with the development secret/);

  const second = runCli(t, ['serve'], env);
  await waitForHealth(base, second);
  const controller = new AbortController();
  const opened = await fetch(`${base}${streamUrl}`, { signal: controller.signal });
  assert.equal(opened.status, 200, 'the token issued before the restart opens a stream after it');
  assert.match(String(opened.headers.get('content-type')), /^text\/event-stream/);
  controller.abort();
  await opened.body?.cancel().catch(() => undefined);
  await stop(second);
  assert.doesNotMatch(second.output.stdout, WARNING);
  assert.equal(fs.readFileSync(file, 'utf8'), secret, 'read, not made again');

  // Production is unchanged: a secret made at start, the warning, no file.
  const produced = path.join(dir, 'prod');
  fs.mkdirSync(produced);
  const production = runCli(t, ['serve'], {
    ...env,
    TOUCHLINE_ENV: 'production',
    TOUCHLINE_WORKERS: '1',
    DATABASE_URL: `sqlite:${path.join(produced, 'prod.db')}`,
  });
  await waitForHealth(base, production);
  await stop(production);
  assert.match(production.output.stdout, WARNING);
  assert.equal(fs.existsSync(path.join(produced, 'stream-token-secret')), false);
});
