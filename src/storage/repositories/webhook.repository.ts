import type { Kysely, Transaction } from 'kysely';
import type { Database, WebhookDeliveryTable, WebhookSubscriptionTable } from '../schema.js';
import { lockApiKeyRow } from './api-key.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

export type WebhookSubscriptionRow = WebhookSubscriptionTable;
export type WebhookDeliveryRow = Omit<WebhookDeliveryTable, 'id'> & { id: number | string };

/** The attempts kept per subscription: GET /webhooks/{id}/deliveries shows them, the older ones go. */
export const DELIVERIES_KEPT = 100;

/** The newest event in the outbox, 0 when empty: where a new subscription starts. */
export async function latestOutboxSeq(db: Db): Promise<number> {
  const row = await db
    .selectFrom('webhook_outbox')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/**
 * Stores a new subscription unless its key holds `max` already (deleted ones aside), counted and written in
 * one transaction under a lock of the key; it starts after the newest event, receiving what changes from now on. False when refused.
 */
export async function insertSubscription(
  db: Kysely<Database>,
  row: Omit<WebhookSubscriptionRow, 'cursor'>,
  max: number,
  trx?: Transaction<Database>,
): Promise<WebhookSubscriptionRow | false> {
  const write = async (tx: Transaction<Database>) => {
    await lockApiKeyRow(tx, row.key_id);
    const held = await tx
      .selectFrom('webhook_subscriptions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('key_id', '=', row.key_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(held?.n ?? 0) >= max) return false;
    const stored = { ...row, cursor: await latestOutboxSeq(tx) };
    await tx.insertInto('webhook_subscriptions').values(stored).execute();
    return stored;
  };
  return trx ? write(trx) : db.transaction().execute(write);
}

/** The key's subscriptions not deleted, oldest first (a key holds few: its plan's limit). */
export function listSubscriptions(db: Db, keyId: string): Promise<WebhookSubscriptionRow[]> {
  return db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('key_id', '=', keyId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The key's subscription `id`, undefined when it has none such (another key's, or deleted). */
export function findSubscription(
  db: Db,
  keyId: string,
  id: string,
): Promise<WebhookSubscriptionRow | undefined> {
  return db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('key_id', '=', keyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export type SubscriptionChange = Partial<
  Pick<
    WebhookSubscriptionRow,
    | 'url'
    | 'description'
    | 'event_types'
    | 'competition_id'
    | 'team_id'
    | 'match_id'
    | 'enabled'
    | 'disabled_reason'
    | 'cursor'
    | 'attempts'
    | 'failure_streak'
    | 'next_attempt_at'
    | 'secret'
    | 'previous_secret'
    | 'previous_secret_expires_at'
  >
>;

/** Changes the key's subscription `id`; false when it has none such. */
export async function updateSubscription(
  db: Db,
  keyId: string,
  id: string,
  change: SubscriptionChange,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_subscriptions')
    .set({ ...change, updated_at: now })
    .where('id', '=', id)
    .where('key_id', '=', keyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes the key's subscription `id`: its row stays, marked, so that its ID is never reused and a worker
 * holding it sees it gone; its attempts go. False when it has none such.
 */
export async function deleteSubscription(db: Db, keyId: string, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_subscriptions')
    .set({ deleted_at: now, enabled: 0, updated_at: now, lease_owner: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('key_id', '=', keyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await db.deleteFrom('webhook_deliveries').where('subscription_id', '=', id).execute();
  return true;
}

/**
 * Records an attempt, and lets the subscription's older ones than the newest DELIVERIES_KEPT go; the
 * attempt's ID.
 */
export async function recordDelivery(db: Db, row: Omit<WebhookDeliveryRow, 'id'>): Promise<string> {
  const inserted = await db
    .insertInto('webhook_deliveries')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  const kept = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('subscription_id', '=', row.subscription_id)
    .orderBy('id', 'desc')
    .offset(DELIVERIES_KEPT)
    .limit(1)
    .executeTakeFirst();
  if (kept) {
    await db
      .deleteFrom('webhook_deliveries')
      .where('subscription_id', '=', row.subscription_id)
      .where('id', '<=', kept.id)
      .execute();
  }
  return String(inserted.id);
}

/** The subscription's newest attempts first, at most `limit`. */
export async function listDeliveries(
  db: Db,
  subscriptionId: string,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
