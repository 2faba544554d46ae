import { hashApiKey } from '../../auth/api-keys.js';
import type { Storage } from '../../storage/connection.js';
import {
  findApiKey,
  findApiKeyByHash,
  type ApiKeyRow,
} from '../../storage/repositories/api-key.repository.js';

export type KeyState = 'active' | 'revoked' | 'expired' | 'subscription-inactive';

export function keyState(row: ApiKeyRow): KeyState {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && Date.parse(row.expires_at) <= Date.now()) return 'expired';
  return row.subscription_active === 1 ? 'active' : 'subscription-inactive';
}

/** A key is named by its id (`key_…`) or by the key itself. */
export async function lookUpKey(storage: Storage, ref: string): Promise<ApiKeyRow> {
  const row = ref.startsWith('key_')
    ? await findApiKey(storage.db, ref)
    : await findApiKeyByHash(storage, hashApiKey(ref));
  if (!row) throw new Error(`no key ${ref.startsWith('key_') ? `with id ${ref}` : 'matches the given key'}`);
  return row;
}
