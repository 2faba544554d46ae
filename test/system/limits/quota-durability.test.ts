// The quota survives a hard crash of the real server: `touchline serve` is SIGKILLed and restarted on
// the same database. Counts older than a write of the ledger (FLUSH_MS) are never lost, counts are never
// over-counted, and `touchline keys usage` agrees with the X-Quota-Remaining header.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertRefused, get, limits } from '../../support/limits/answers.js';
import { createKey, FLUSH_MS, keysUsage, serve, serveEnv, type Serving } from '../../support/limits/cli.js';
import { Scope } from '../../support/limits/limits-env.js';

const Q = 12;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function crash(server: Serving): Promise<void> {
  server.child.kill('SIGKILL');
  const exit = await server.exited;
  assert.equal(exit.signal, 'SIGKILL');
}

test('quota across SIGKILL of touchline serve', { timeout: 180_000 }, async (t) => {
  const scope = new Scope(t);
  const { base, env } = await serveEnv(scope, 'crash', {
    plans: [{ name: 'metered', requestsPerMinute: 1000, requestsPerPeriod: Q, description: '' }],
  });
  const steady = await createKey(env, 'metered');
  const sudden = await createKey(env, 'metered');
  const auth = (k: { key: string }) => ({ authorization: `Bearer ${k.key}` });

  // Run 1: four requests, two of the ledger's writes (FLUSH_MS apart) to persist them, then a hard crash.
  let server = await serve(scope, [], env);
  let remaining: number[] = [];
  for (let i = 0; i < 4; i += 1) remaining.push(limits(await get(base, auth(steady))).quotaRemaining);
  assert.deepEqual(remaining, [11, 10, 9, 8]);
  await pause(2 * FLUSH_MS);
  await crash(server);
  assert.deepEqual(await keysUsage(env, steady.id), { used: 4, limit: Q, remaining: 8 });

  // Run 2: the count continues from 4; use up the quota exactly.
  server = await serve(scope, [], env);
  remaining = [];
  for (;;) {
    const answer = await get(base, auth(steady));
    if (answer.status !== 200) {
      assertRefused(answer, 'quota', Q);
      assert.equal(limits(answer).quotaRemaining, 0);
      break;
    }
    remaining.push(limits(answer).quotaRemaining);
    assert.ok(remaining.length <= Q, 'never more than Q successes');
  }
  assert.deepEqual(remaining, [7, 6, 5, 4, 3, 2, 1, 0], `Q = ${Q} successes over both runs`);
  await pause(2 * FLUSH_MS);
  assert.deepEqual(await keysUsage(env, steady.id), { used: Q, limit: Q, remaining: 0 });

  // Then three requests on another key and a crash at once: those may be lost, never over-counted.
  for (let i = 0; i < 3; i += 1) assert.equal((await get(base, auth(sudden))).status, 200);
  await crash(server);
  const persisted = (await keysUsage(env, sudden.id)).used;
  assert.ok(persisted >= 0 && persisted <= 3, `persisted ${persisted} of 3`);

  // Run 3: the used-up key stays refused; the other continues from what was persisted.
  server = await serve(scope, [], env);
  assertRefused(await get(base, auth(steady)), 'quota', Q);
  const next = await get(base, auth(sudden));
  assert.equal(next.status, 200);
  assert.equal(limits(next).quotaRemaining, Q - persisted - 1);
  await pause(2 * FLUSH_MS);
  const usage = await keysUsage(env, sudden.id);
  assert.deepEqual(usage, { used: persisted + 1, limit: Q, remaining: limits(next).quotaRemaining });
});
