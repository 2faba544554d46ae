// `touchline serve --workers 2` without Redis: the cluster primary holds the counters for both workers
// (IPC), so a plan of N per minute gives exactly N successes for 3N concurrent requests over real HTTP,
// and the primary persists the counts when it shuts down.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { assertRefused, get, limits, statuses } from './support/answers.js';
import { createKey, freePort, keysUsage, serve, writePlansFile } from './support/cli.js';
import { Scope } from './support/limits-env.js';

const N = 5;

test(
  'serve --workers 2 without Redis: exactly N of 3N concurrent requests',
  { timeout: 120_000 },
  async (t) => {
    const scope = new Scope(t);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-cluster-'));
    scope.defer(() => fs.rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `sqlite:${path.join(dir, 'cluster.db')}`,
      TOUCHLINE_SOURCES: '',
      LOG_LEVEL: 'info',
      TOUCHLINE_PLANS_FILE: writePlansFile(dir, [
        { name: 'shared', requestsPerMinute: N, requestsPerPeriod: 1000, description: '' },
      ]),
    };
    const k = await createKey(env, 'shared');
    const server = await serve(scope, ['--workers', '2'], env);
    // Both workers listening (each logs it once), so connections are spread over two processes.
    const deadline = Date.now() + 30_000;
    while ((server.output.stdout.match(/Server listening at/g) ?? []).length < 2) {
      assert.ok(Date.now() < deadline, `two workers listening: ${server.output.stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const auth = { authorization: `Bearer ${k.key}` };
    const answers = await Promise.all(Array.from({ length: 3 * N }, () => get(base, auth)));
    assert.deepEqual(statuses(answers), { 200: N, 429: 2 * N });
    const ok = answers.filter((a) => a.status === 200).map(limits);
    assert.deepEqual(ok.map((l) => l.rateRemaining).sort(), [...Array(N).keys()]);
    assert.deepEqual(ok.map((l) => l.quotaRemaining).sort(), [995, 996, 997, 998, 999]);
    for (const refused of answers.filter((a) => a.status === 429)) {
      assertRefused(refused, 'rate', N);
      assert.deepEqual([limits(refused).rateRemaining, limits(refused).quotaRemaining], [0, 1000 - N]);
    }

    server.child.kill('SIGTERM');
    const exit = await server.exited;
    assert.deepEqual([exit.code, exit.signal], [0, null], exit.stderr);
    assert.deepEqual(await keysUsage(env, k.id), { used: N, limit: 1000, remaining: 1000 - N });
  },
);
