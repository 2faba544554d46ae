import type { Kysely, Transaction } from 'kysely';
import type { Database, IdempotentRequestTable } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;
export type IdempotentRequestRow = IdempotentRequestTable;

/** The answer stored for the key's `idempotencyKey`, if any. */
export function findIdempotentRequest(
  db: Db,
  keyId: string,
  idempotencyKey: string,
): Promise<IdempotentRequestRow | undefined> {
  return db
    .selectFrom('idempotent_requests')
    .selectAll()
    .where('key_id', '=', keyId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export async function insertIdempotentRequest(db: Db, row: IdempotentRequestRow): Promise<void> {
  await db.insertInto('idempotent_requests').values(row).execute();
}

/** Answers stored before `before` are forgotten: a retry after then is a new request. */
export async function pruneIdempotentRequests(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('idempotent_requests')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
