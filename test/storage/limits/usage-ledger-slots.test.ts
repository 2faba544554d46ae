// The per-minute window as the usage ledger persists it (UsageLedger, WINDOW_SLOT_MS): admissions in
// one-second slots, each taken as admitted at its slot's end, so that a window read back after a restart
// is never laxer than the one counted, and a write holds a slot per key in use per second, not per tenth.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UsageLedger } from '../../../src/limits/usage-ledger.js';
import { PERIOD, storageWithKeyForSuite } from '../../support/limits/ledger-storage.js';

describe('usage ledger: the window slots it writes', () => {
  const suite = storageWithKeyForSuite('usage-ledger-slots.db', 'slots');

  it('sums the admissions of a second into one slot, ending at the end of that second', async () => {
    const ledger = new UsageLedger(suite.storage.db, 60_000);
    // A whole second a few seconds ago, well inside the minute read back.
    const second = Math.floor(Date.now() / 1000) * 1000 - 5000;
    ledger.record(suite.keyId, PERIOD, 1, second);
    ledger.record(suite.keyId, PERIOD, 2, second + 450);
    ledger.record(suite.keyId, PERIOD, 3, second + 999);
    ledger.record(suite.keyId, PERIOD, 4, second + 1000);
    await ledger.flush();
    assert.deepEqual(await ledger.persistedWindow(suite.keyId, Date.now()), [
      { at: second + 1000, count: 6 },
      { at: second + 2000, count: 4 },
    ]);
    await ledger.close();
  });
});
