// Slow heads over a raw socket: a head sent byte by byte, a connection that sends nothing, a second head
// sent slowly on a kept-alive connection. Node's headers timeout cuts each off with 408; the scenario
// takes the timeouts the target's server runs with.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { API, assertRefusedInTheEnd, get, handedOn, type Target } from '../target.js';

const HEALTH = `${API}/health`;

export interface HeadTimeouts {
  /** Node's headersTimeout: how long a client has to send a whole head. */
  headersMs: number;
  /** Node's connectionsCheckingInterval: how often it looks for connections past that. */
  checkMs: number;
}

/**
 * The timeouts the app sets (src/api/app.ts), which `touchline serve` runs with: not configurable, so the
 * scenarios that need other timeouts shortened run in-process only (slow-clients.test.ts checks the app's
 * server has these).
 */
export const APP_TIMEOUTS: HeadTimeouts = { headersMs: 10_000, checkMs: 1000 };

/** Beyond the timeout and the check interval: a busy machine's event loop may run the check late. */
const SLACK_MS = 1500;

/**
 * Slow heads cut off with 408 once the headers timeout has passed. The cases run side by side when `t`
 * lets its subtests run concurrently (the real servers', with the app's 10 s timeout), else in turn.
 */
export async function slowHeads(t: TestContext, target: Target, timeouts: HeadTimeouts): Promise<void> {
  const { headersMs, checkMs } = timeouts;
  const latest = headersMs + checkMs + SLACK_MS;
  const slowHead = get(HEALTH, { 'X-Note': 'slowly' });
  // One byte at a time, the whole head taking twice the headers timeout.
  const everyMs = Math.ceil((2 * headersMs) / slowHead.length);

  await Promise.all([
    t.test('a head sent byte by byte slower than the headers timeout is cut off with 408', async (t) => {
      const client = await target.connect(t);
      const handed = handedOn(target);
      const started = Date.now();
      const sending = client.trickle(slowHead, everyMs);
      await assertRefusedInTheEnd(client, 408, 'a slow head', latest);
      const took = Date.now() - started;
      assert.ok(took >= headersMs - 50 && took < latest, `cut off after ${took} ms`);
      assert.ok((await sending) < slowHead.length, 'cut off before the head was complete');
      handed.count(0);
    }),

    t.test('a connection that sends nothing is cut off after the headers timeout', async (t) => {
      const client = await target.connect(t);
      const started = Date.now();
      await assertRefusedInTheEnd(client, 408, 'nothing sent', latest);
      const took = Date.now() - started;
      assert.ok(took < latest, `cut off after ${took} ms`);
    }),

    t.test('a second head sent slowly on a kept-alive connection is cut off too', async (t) => {
      const client = await target.connect(t);
      client.send(get(HEALTH));
      assert.equal((await client.next()).status, 200);
      const sending = client.trickle(slowHead, everyMs);
      const started = Date.now();
      await assertRefusedInTheEnd(client, 408, 'a second slow head', latest);
      const took = Date.now() - started;
      assert.ok(took < latest, `cut off after ${took} ms`);
      assert.ok((await sending) < slowHead.length, 'cut off before the head was complete');
    }),
  ]);
}
