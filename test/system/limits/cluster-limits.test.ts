// `touchline serve --workers 2` without Redis: the cluster primary holds the counters for both workers
// (IPC), so a plan of N per minute gives exactly N successes for 3N concurrent requests over real HTTP,
// and the primary persists the counts when it shuts down.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertRefused, get, limits, statuses } from '../../support/limits/answers.js';
import { createKey, keysUsage, serveEnv, serveWorkers } from '../../support/limits/cli.js';
import { Scope } from '../../support/limits/limits-env.js';

const N = 5;

test(
  'serve --workers 2 without Redis: exactly N of 3N concurrent requests',
  { timeout: 120_000 },
  async (t) => {
    const scope = new Scope(t);
    const { base, env } = await serveEnv(scope, 'cluster', {
      plans: [{ name: 'shared', requestsPerMinute: N, requestsPerPeriod: 1000, description: '' }],
    });
    const k = await createKey(env, 'shared');
    const server = await serveWorkers(scope, env, 2);

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
    assert.deepEqual([exit.code, exit.signal], [0, null], server.output.stderr);
    assert.deepEqual(await keysUsage(env, k.id), { used: N, limit: 1000, remaining: 1000 - N });
  },
);
