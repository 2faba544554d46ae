import type { Kysely } from 'kysely';
import type { Storage } from '../connection.js';
import { QueryTemplates, readRows } from '../query-templates.js';
import type { ApiKeyTable, Database } from '../schema.js';

export type ApiKeyRow = ApiKeyTable;

export async function insertApiKey(db: Kysely<Database>, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

const byHash = new QueryTemplates<{ keyHash: string }>((db, { keyHash }) =>
  db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash),
);

export async function findApiKeyByHash(storage: Storage, keyHash: string): Promise<ApiKeyRow | undefined> {
  const [row] = await readRows<ApiKeyRow>(storage, byHash.compile(storage.db, { keyHash }));
  return row;
}

/** The same lookup, synchronous, where the storage allows it (SQLite); undefined otherwise. */
export function apiKeyLookupNow(storage: Storage): ((keyHash: string) => ApiKeyRow | undefined) | undefined {
  const { readNow } = storage;
  if (!readNow) return undefined;
  return (keyHash) => readNow(byHash.compile(storage.db, { keyHash }))[0] as ApiKeyRow | undefined;
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
  changes: Partial<Pick<ApiKeyRow, 'revoked_at' | 'subscription_active'>>,
): Promise<boolean> {
  const result = await db.updateTable('api_keys').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The stored keys as the key directory reads them (src/auth/key-directory.ts). */
export function storedKeys(storage: Storage) {
  return {
    findNow: apiKeyLookupNow(storage),
    find: (keyHash: string) => findApiKeyByHash(storage, keyHash),
    version: () => countApiKeys(storage.db),
  };
}
