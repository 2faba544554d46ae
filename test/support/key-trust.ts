// Past the time a process trusts a key it read without asking storage again (KEY_TRUST_MS), without
// waiting for it: Date is mocked for the rest of the test and moved on. Only Date: timers, sockets and
// the database run as usual, and nothing in a request measures time but through Date.now().
import type { TestContext } from 'node:test';
import { KEY_TRUST_MS } from '../../src/auth/key-directory.js';

const mocked = new WeakSet<TestContext>();

/** Moves `t`'s clock past KEY_TRUST_MS: a key changed before this is read again at its next use. */
export function pastKeyTrust(t: TestContext): void {
  if (!mocked.has(t)) {
    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    mocked.add(t);
  }
  t.mock.timers.tick(KEY_TRUST_MS + 50);
}
