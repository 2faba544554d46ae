import type { Kysely, Transaction } from 'kysely';
import type { Storage } from '../connection.js';
import { then, type Maybe } from '../maybe.js';
import { QueryTemplates, readRows } from '../query-templates.js';
import type { ApiKeyTable, Database } from '../schema.js';

export type ApiKeyRow = ApiKeyTable;

export async function insertApiKey(db: Kysely<Database>, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

// By either secret: the current one, or the one the latest rotation replaced (valid for its grace period,
// revoked afterwards: src/auth/api-keys.ts tells which matched).
const byHash = new QueryTemplates<{ keyHash: string }>((db, { keyHash }) =>
  db
    .selectFrom('api_keys')
    .selectAll()
    .where((eb) => eb.or([eb('key_hash', '=', keyHash), eb('previous_key_hash', '=', keyHash)])),
);

/** The key one of whose secrets hashes to `keyHash`. */
export function findApiKeyByHash(storage: Storage, keyHash: string): Maybe<ApiKeyRow | undefined> {
  return then(readRows<ApiKeyRow>(storage, byHash.compile(storage.db, { keyHash })), ([row]) => row);
}

/**
 * Locks the key's row to the end of `tx` by writing it without a change (PostgreSQL's row lock, SQLite's
 * write lock): what a key may hold a number of (calendar tokens, webhook subscriptions) is counted and
 * written under it, so two creations of one key take turns and cannot both pass a limit (READ COMMITTED
 * would let the second count before the first inserts).
 */
export async function lockApiKeyRow(tx: Transaction<Database>, keyId: string): Promise<void> {
  await tx
    .updateTable('api_keys')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', keyId)
    .execute();
}

export async function findApiKey(db: Kysely<Database>, id: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listApiKeys(db: Kysely<Database>): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function countApiKeys(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function updateApiKey(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<ApiKeyRow, 'revoked_at' | 'subscription_active' | 'name' | 'plan'>>,
): Promise<boolean> {
  const result = await db.updateTable('api_keys').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type SecretChange = Pick<
  ApiKeyRow,
  'key_hash' | 'prefix' | 'previous_key_hash' | 'previous_key_expires_at' | 'rotated_at'
>;

/**
 * Gives the key a new secret, provided its secret is still `currentHash` and it is not revoked: two
 * rotations at once cannot both win (the loser would print a secret that was never stored), nor can a
 * rotation revive a key revoked meanwhile. False when the condition failed.
 */
export async function replaceApiKeySecret(
  db: Kysely<Database>,
  id: string,
  currentHash: string,
  change: SecretChange,
): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set(change)
    .where('id', '=', id)
    .where('key_hash', '=', currentHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The stored keys as the key directory reads them (src/auth/key-directory.ts). */
export function storedKeys(storage: Storage) {
  return {
    find: (keyHash: string) => findApiKeyByHash(storage, keyHash),
    version: () => countApiKeys(storage.db),
  };
}
