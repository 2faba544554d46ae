// Storage on the test run's engine with one key on the free plan: what the usage ledger's tests count for.
import { after, before } from 'node:test';
import { issueApiKey } from '../../../src/auth/api-keys.js';
import { insertApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import { openTestStorage, type TestStorage } from '../test-database.js';

/** The billing period the ledger's tests count in. */
export const PERIOD = new Date('2026-11-01T00:00:00.000Z');

export interface LedgerSuite {
  storage: TestStorage;
  keyId: string;
}

/**
 * For the suite (describe) it is called in: storage with one key, opened before its tests and closed
 * after them. The fields are set once the suite's `before` has run.
 */
export function storageWithKeyForSuite(file: string, name: string): LedgerSuite {
  const suite = {} as LedgerSuite;
  before(async () => {
    suite.storage = await openTestStorage(file);
    const issued = issueApiKey('production', name, new Date(), undefined, { plan: 'free' });
    await insertApiKey(suite.storage.db, issued.row);
    suite.keyId = issued.row.id;
  });
  after(() => suite.storage?.close());
  return suite;
}
