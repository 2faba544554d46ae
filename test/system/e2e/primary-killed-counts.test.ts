// `touchline serve --workers 2` on SQLite without Redis: the primary, which decides every worker's
// admissions, is killed with SIGKILL long before it would write its counts (TOUCHLINE_USAGE_FLUSH_MS is a
// minute here). Its journal (src/limits/usage-journal.ts) keeps them: restarted, a 30/min key gets no more
// than 30 answers in its minute, and its quota has every request answered before the kill.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertRefused, get } from '../../support/limits/answers.js';
import { createKey, keysUsage, serveEnv, serveWorkers } from '../../support/limits/cli.js';
import { Scope } from '../../support/limits/limits-env.js';

const PER_MINUTE = 30;
const BEFORE_KILL = 20;

test(
  'SIGKILL of the cluster primary loses no count: 30 answers in the minute of a 30/min key',
  { timeout: 60_000 },
  async (t) => {
    const scope = new Scope(t);
    const { base, env } = await serveEnv(scope, 'primary-killed', {
      plans: [{ name: 'thirty', requestsPerMinute: PER_MINUTE, requestsPerPeriod: 100_000, description: '' }],
    });
    const served = { ...env, TOUCHLINE_USAGE_FLUSH_MS: '60000' };
    const key = await createKey(env, 'thirty');
    const auth = { authorization: `Bearer ${key.key}` };

    const first = await serveWorkers(scope, served, 2);
    for (let i = 0; i < BEFORE_KILL; i += 1) assert.equal((await get(base, auth)).status, 200);
    first.child.kill('SIGKILL');
    assert.equal((await first.exited).signal, 'SIGKILL');

    await serveWorkers(scope, served, 2);
    let admitted = 0;
    for (;;) {
      const answer = await get(base, auth);
      if (answer.status !== 200) {
        assertRefused(answer, 'rate', PER_MINUTE);
        break;
      }
      admitted += 1;
      assert.ok(BEFORE_KILL + admitted <= PER_MINUTE, 'more than 30 answers in one minute');
    }
    assert.equal(admitted, PER_MINUTE - BEFORE_KILL);
    // Written at the restart, before any worker ran (`keys usage` reads the database; the answers since are
    // not written yet).
    assert.equal((await keysUsage(env, key.id)).used, BEFORE_KILL);
  },
);
