// `touchline serve --workers 2` without Redis: /account and 304s are decided by the cluster primary for
// both workers, in the minute only: exactly N answers of 3N concurrent ones in a minute shared with a
// data request, the quota spent by that data request alone, and every /account body its own headers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { get, limits, statuses } from '../../support/limits/answers.js';
import { createKey, keysUsage, serveEnv, serveWorkers } from '../../support/limits/cli.js';
import { Scope } from '../../support/limits/limits-env.js';

const N = 5;

test(
  'serve --workers 2 without Redis: /account and 304s count in the shared minute, not the quota',
  { timeout: 120_000 },
  async (t) => {
    const scope = new Scope(t);
    const { base, env } = await serveEnv(scope, 'cluster-window', {
      plans: [{ name: 'shared', requestsPerMinute: N, requestsPerPeriod: 1000, description: '' }],
    });
    const k = await createKey(env, 'shared');
    const server = await serveWorkers(scope, env, 2);
    const auth = { authorization: `Bearer ${k.key}` };

    const first = await get(base, auth);
    assert.equal(first.status, 200);
    const conditional = { ...auth, 'if-none-match': first.header('etag')! };
    const answers = await Promise.all(
      Array.from({ length: 3 * N }, (_, i) =>
        i % 2 ? get(base, auth, '/api/v1/account') : get(base, conditional),
      ),
    );
    const counts = statuses(answers);
    assert.equal((counts[200] ?? 0) + (counts[304] ?? 0), N - 1, JSON.stringify(counts));
    assert.equal(counts[429], 2 * N + 1);
    for (const answer of answers) assert.equal(limits(answer).quotaRemaining, 999, `a ${answer.status}`);
    for (const answer of answers.filter((a) => a.status === 200)) {
      const { rate_limit: rate, quota } = (
        answer.body as unknown as { data: Record<string, Record<string, number>> }
      ).data;
      const headers = limits(answer);
      assert.deepEqual(
        [rate!.limit, rate!.remaining, quota!.limit, quota!.remaining, quota!.reset_seconds, quota!.used],
        [
          headers.rateLimit,
          headers.rateRemaining,
          headers.quotaLimit,
          headers.quotaRemaining,
          headers.quotaReset,
          1,
        ],
      );
    }

    server.child.kill('SIGTERM');
    const exit = await server.exited;
    assert.deepEqual([exit.code, exit.signal], [0, null], server.output.stderr);
    assert.deepEqual(await keysUsage(env, k.id), { used: 1, limit: 1000, remaining: 999 });
  },
);
