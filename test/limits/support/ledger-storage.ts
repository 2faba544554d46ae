// Storage on the test run's engine with one key on the free plan: what the usage ledger's tests count for.
import { issueApiKey } from '../../../src/auth/api-keys.js';
import { insertApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import { openTestStorage, type TestStorage } from '../../support/test-database.js';

export async function storageWithKey(
  file: string,
  name: string,
): Promise<{ storage: TestStorage; keyId: string }> {
  const storage = await openTestStorage(file);
  const issued = issueApiKey('production', name, new Date(), undefined, { plan: 'free' });
  await insertApiKey(storage.db, issued.row);
  return { storage, keyId: issued.row.id };
}
