// Output piped into a reader that stops early (`touchline plans list | head -1`): the command's next write
// fails with EPIPE, which must end it quietly (exit 0, no stack trace), not crash it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { launchCli } from '../../support/cli.js';
import { writePlansFile } from '../../support/limits/cli.js';

test('a reader closing the pipe early ends the command quietly', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-epipe-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  // Megabytes of output: far more than a pipe holds, so the command is still writing when it closes.
  const plans = Array.from({ length: 20_000 }, (_, i) => ({
    name: `plan-${i}`,
    requestsPerMinute: 1,
    requestsPerPeriod: 1,
    description: 'a plan with a long enough description to fill the pipe quickly',
  }));
  const env = { TOUCHLINE_PLANS_FILE: writePlansFile(dir, plans) };
  for (const args of [
    ['plans', 'list'],
    ['plans', 'list', '--json'],
  ]) {
    const running = launchCli(args, env);
    let received = 0;
    // Like `head`: read a little, then close the pipe.
    running.child.stdout!.once('data', (chunk: Buffer) => {
      received = chunk.length;
      running.child.stdout!.destroy();
    });
    const exit = await running.exited;
    assert.ok(received > 0, `${args.join(' ')}: some output arrived`);
    assert.deepEqual(exit, { code: 0, signal: null }, `${args.join(' ')}: ${running.output.stderr}`);
    assert.equal(running.output.stderr, '', `${args.join(' ')}: nothing on stderr`);
  }
});
