import assert from 'node:assert/strict';
import type { LimitDecision } from '../../../src/limits/limit-store.js';
import { isPromise, type Maybe } from '../../../src/storage/maybe.js';

/** The decision of a store's `consume` that had to be decided at once (from counters held, a lease). */
export function decidedNow(decided: Maybe<LimitDecision>, what = 'decided at once'): LimitDecision {
  if (isPromise(decided)) {
    // Counted all the same: its outcome must not go unhandled.
    decided.catch(() => undefined);
    assert.fail(`${what}: consume waited`);
  }
  return decided;
}
