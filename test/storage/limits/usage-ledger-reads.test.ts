// What a process reads of a key's count while the ledger writes what it holds (UsageLedger): the stored
// count plus `unflushed` is every count the process took, whether the flush being written commits or
// fails. Read without waiting, a flush's counts are in neither: taken from `unflushed`, not committed yet
// (on PostgreSQL the read goes on another connection).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UsageLedger } from '../../../src/limits/usage-ledger.js';
import { readUsage } from '../../../src/storage/repositories/key-usage.repository.js';
import { PERIOD, storageWithKeyForSuite } from '../../support/limits/ledger-storage.js';

describe('usage ledger: a count read while a flush is written', () => {
  const suite = storageWithKeyForSuite('usage-ledger-reads.db', 'reads');

  const stored = () => readUsage(suite.storage.db, suite.keyId, PERIOD.toISOString());
  const counted = async (ledger: UsageLedger) =>
    (await ledger.persisted(suite.keyId, PERIOD)) + ledger.unflushed(suite.keyId, PERIOD);

  it('includes what the flush writes', async () => {
    const ledger = new UsageLedger(suite.storage.db, 60_000);
    const before = await stored();
    ledger.record(suite.keyId, PERIOD, 4, Date.now());
    const flushing = ledger.flush();
    const seen = await counted(ledger);
    await flushing;
    assert.equal(seen, before + 4);
    assert.equal(await stored(), before + 4);
    await ledger.close();
  });

  it('includes what a failing flush gives back', async () => {
    const ledger = new UsageLedger(suite.storage.db, 60_000);
    const before = await stored();
    ledger.record(suite.keyId, PERIOD, 3, Date.now());
    // A count of no key: the flush fails as a whole and keeps every count for the next attempt.
    ledger.record('key_missing', PERIOD, 1, Date.now());
    const flushing = ledger.flush();
    const seen = await counted(ledger);
    await assert.rejects(flushing);
    assert.equal(seen, before + 3);
    assert.equal(await stored(), before);
    assert.equal(ledger.unflushed(suite.keyId, PERIOD), 3);
    await ledger.close();
  });
});
