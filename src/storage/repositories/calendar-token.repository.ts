import type { Kysely } from 'kysely';
import type { Storage } from '../connection.js';
import { then, type Maybe } from '../maybe.js';
import { QueryTemplates, readRows } from '../query-templates.js';
import type { CalendarTokenTable, Database } from '../schema.js';
import { lockApiKeyRow } from './api-key.repository.js';

export type CalendarTokenRow = CalendarTokenTable;

const byHash = new QueryTemplates<{ tokenHash: string }>((db, { tokenHash }) =>
  db.selectFrom('calendar_tokens').selectAll().where('token_hash', '=', tokenHash),
);

/** The token whose secret hashes to `tokenHash`, revoked or not. */
export function findCalendarTokenByHash(
  storage: Storage,
  tokenHash: string,
): Maybe<CalendarTokenRow | undefined> {
  return then(readRows<CalendarTokenRow>(storage, byHash.compile(storage.db, { tokenHash })), ([row]) => row);
}

const ofKey = new QueryTemplates<{ keyId: string }>((db, { keyId }) =>
  db
    .selectFrom('calendar_tokens')
    .selectAll()
    .where('key_id', '=', keyId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id'),
);

/** The key's tokens not revoked, oldest first (a key holds few: MAX_CALENDAR_TOKENS). */
export function listCalendarTokens(storage: Storage, keyId: string): Maybe<CalendarTokenRow[]> {
  return readRows<CalendarTokenRow>(storage, ofKey.compile(storage.db, { keyId }));
}

/**
 * Stores `row` unless its key holds `max` tokens not revoked already: counted and written in one
 * transaction under a lock of the key's row, so two requests at once cannot both pass on either engine.
 * False when refused.
 */
export async function insertCalendarToken(
  db: Kysely<Database>,
  row: CalendarTokenRow,
  max: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockApiKeyRow(trx, row.key_id);
    const held = await trx
      .selectFrom('calendar_tokens')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('key_id', '=', row.key_id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(held?.n ?? 0) >= max) return false;
    await trx.insertInto('calendar_tokens').values(row).execute();
    return true;
  });
}

/** Revokes the key's token `id`; false when the key holds no such token, or it is revoked already. */
export async function revokeCalendarToken(
  db: Kysely<Database>,
  keyId: string,
  id: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('calendar_tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('key_id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
