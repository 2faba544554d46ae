// The per-minute window of the in-process counters survives a restart: persisted with the quota counts
// at every write of the ledger (TOUCHLINE_USAGE_FLUSH_MS), read back at a key's first request. A graceful
// stop keeps all of it; a SIGKILL loses at most what was admitted since the last write, and then a key
// gets exactly its limit plus those requests in that minute, never a fresh minute.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertRefused, get, inject } from '../../support/limits/answers.js';
import { createKey, FLUSH_MS, keysUsage, serve, serveEnv, type Serving } from '../../support/limits/cli.js';
import { limitsEnv, Scope } from '../../support/limits/limits-env.js';

const PER_MINUTE = 30;

async function crash(server: Serving): Promise<void> {
  server.child.kill('SIGKILL');
  assert.equal((await server.exited).signal, 'SIGKILL');
}

test('a new store on the same database goes on with the minute of the one before', async (t) => {
  const env = await limitsEnv(t, 'memory');
  const k = await env.key('tiny'); // 3 per minute
  const first = await env.start();
  for (let i = 0; i < 3; i += 1) assert.equal((await inject(first.app, k.auth)).status, 200);
  await first.close(); // flushes the ledger: counts and window
  const second = await env.start();
  const refused = await inject(second.app, k.auth);
  const retryAfter = assertRefused(refused, 'rate', 3);
  // Read back in one-second slots, each taken as admitted at its end: up to a second stricter.
  assert.ok(retryAfter >= 50 && retryAfter <= 61, `Retry-After ${retryAfter}`);
});

test('the per-minute window across SIGKILL of touchline serve', { timeout: 120_000 }, async (t) => {
  const scope = new Scope(t);
  const { base, env } = await serveEnv(scope, 'window-crash', {
    plans: [{ name: 'thirty', requestsPerMinute: PER_MINUTE, requestsPerPeriod: 100_000, description: '' }],
  });
  const settled = await createKey(env, 'thirty');
  const sudden = await createKey(env, 'thirty');
  const auth = (k: { key: string }) => ({ authorization: `Bearer ${k.key}` });
  const admittedUntilRefused = async (k: { key: string }) => {
    for (let admitted = 0; ; admitted += 1) {
      const answer = await get(base, auth(k));
      if (answer.status !== 200) {
        assertRefused(answer, 'rate', PER_MINUTE);
        return admitted;
      }
      assert.ok(admitted < PER_MINUTE, 'more than the limit in one minute');
    }
  };

  let server = await serve(scope, [], env);
  assert.equal(await admittedUntilRefused(settled), PER_MINUTE);
  await new Promise((resolve) => setTimeout(resolve, 1.5 * FLUSH_MS)); // past a write of the ledger
  assert.equal(await admittedUntilRefused(sudden), PER_MINUTE);
  await crash(server); // at once: the last requests of `sudden` may not be written

  server = await serve(scope, [], env);
  // Written before the crash: the minute goes on, nothing more is admitted in it.
  assert.equal(await admittedUntilRefused(settled), 0);
  // Lost with the crash: exactly what the database did not get, as the quota count tells.
  const persisted = (await keysUsage(env, sudden.id)).used;
  assert.ok(persisted >= 0 && persisted <= PER_MINUTE, `persisted ${persisted}`);
  assert.equal(await admittedUntilRefused(sudden), PER_MINUTE - persisted);
  t.diagnostic(`${PER_MINUTE - persisted} of ${PER_MINUTE} requests were admitted again after the crash`);
});
