import { sql, type Kysely, type Transaction } from 'kysely';
import type { Engine } from '../connection.js';
import type { Database, WebhookOutboxTable } from '../schema.js';
import { insertPlainRows } from './plain-insert.js';
import type { WebhookSubscriptionRow } from './webhook.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

export type OutboxEvent = Omit<WebhookOutboxTable, 'seq'>;
export interface StoredOutboxEvent extends OutboxEvent {
  seq: number;
}

/**
 * The PostgreSQL advisory lock (transaction-scoped) a transaction holds while it appends to the outbox: its
 * sequence numbers are drawn when rows are inserted, not when they commit, so two writers at once could
 * commit a lower number after a worker has read past it. Held to the commit, the numbers commit in their
 * order. SQLite has one writer.
 */
export const OUTBOX_LOCK_KEY = 0x5768_4f62;

/** Appends `events`, in order, in the caller's transaction (the change's own). */
export async function appendOutbox(db: Db, engine: Engine, events: readonly OutboxEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${OUTBOX_LOCK_KEY})`.execute(db);
  for (let from = 0; from < events.length; from += 500) {
    await insertPlainRows(
      db,
      'webhook_outbox',
      events.slice(from, from + 500) as unknown as Record<string, unknown>[],
    );
  }
  return events.length;
}

/**
 * The subscriptions events are written for, with what they ask for: every one not deleted, disabled ones
 * too, whose events wait for them to be enabled again.
 */
export function liveSubscriptions(db: Db) {
  return db
    .selectFrom('webhook_subscriptions')
    .select(['event_types', 'competition_id', 'team_id', 'match_id'])
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * Takes up to `limit` subscriptions with events waiting and no attempt due later, whose lease is free or
 * expired, for `owner` until `until`: each by a compare-and-set on its lease, so that of several workers
 * (processes, instances) one alone wins it. The IDs won.
 */
export async function claimSubscriptions(
  db: Kysely<Database>,
  owner: string,
  now: string,
  until: string,
  limit: number,
  skip: readonly string[],
): Promise<string[]> {
  const newest = await latestSeq(db);
  let query = db
    .selectFrom('webhook_subscriptions')
    .select('id')
    .where('enabled', '=', 1)
    .where('deleted_at', 'is', null)
    .where('cursor', '<', newest)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  if (skip.length > 0) query = query.where('id', 'not in', [...skip]);
  const candidates = await query.execute();
  const won: string[] = [];
  for (const { id } of candidates) {
    const result = await db
      .updateTable('webhook_subscriptions')
      .set({ lease_owner: owner, lease_expires_at: until })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) won.push(id);
  }
  return won;
}

async function latestSeq(db: Db): Promise<number> {
  const row = await db
    .selectFrom('webhook_outbox')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** The subscription as its lease holder sees it; undefined once the lease is another's (or it is gone). */
export function heldSubscription(
  db: Db,
  id: string,
  owner: string,
): Promise<WebhookSubscriptionRow | undefined> {
  return db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The first event after the subscription's cursor that it asks for, and the newest sequence number looked
 * at (where its cursor may move when there is none): its types, and its filters for the events that name a
 * competition, team or match (an ingestion run names none and passes them).
 */
export async function nextEventFor(
  db: Db,
  sub: WebhookSubscriptionRow,
): Promise<{ event: StoredOutboxEvent | undefined; newest: number }> {
  const newest = await latestSeq(db);
  const types = JSON.parse(sub.event_types) as string[];
  let query = db
    .selectFrom('webhook_outbox')
    .selectAll()
    .where('seq', '>', Number(sub.cursor))
    .where('seq', '<=', newest)
    .where('type', 'in', types.length > 0 ? types : ['-']);
  const named = (column: 'competition_id' | 'match_id', value: string) =>
    query.where((eb) => eb.or([eb('type', '=', 'ingestion.run'), eb(column, '=', value)]));
  if (sub.competition_id !== null) query = named('competition_id', sub.competition_id);
  if (sub.match_id !== null) query = named('match_id', sub.match_id);
  if (sub.team_id !== null) {
    const team = sub.team_id;
    query = query.where((eb) =>
      eb.or([eb('type', '=', 'ingestion.run'), eb('home_team_id', '=', team), eb('away_team_id', '=', team)]),
    );
  }
  const row = await query.orderBy('seq').limit(1).executeTakeFirst();
  return { event: row ? { ...row, seq: Number(row.seq) } : undefined, newest };
}

/** What the lease holder writes after an attempt (or a pass over events not asked for). */
export async function settleSubscription(
  db: Db,
  id: string,
  owner: string,
  change: Partial<
    Pick<
      WebhookSubscriptionRow,
      | 'cursor'
      | 'attempts'
      | 'failure_streak'
      | 'next_attempt_at'
      | 'enabled'
      | 'disabled_reason'
      | 'lease_expires_at'
      | 'lease_owner'
    >
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_subscriptions')
    .set(change)
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Counts one delivery against the key's allowance for the period starting `periodStart`; false (nothing
 * counted) once `limit` are counted.
 */
export async function countDelivery(
  db: Db,
  keyId: string,
  periodStart: string,
  limit: number,
): Promise<boolean> {
  if (limit <= 0) return false;
  const result = await db
    .insertInto('webhook_usage')
    .values({ key_id: keyId, period_start: periodStart, deliveries: 1 })
    .onConflict((oc) =>
      oc
        .columns(['key_id', 'period_start'])
        .doUpdateSet({ deliveries: (eb) => eb('webhook_usage.deliveries', '+', 1) })
        .where('webhook_usage.deliveries', '<', limit),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Events older than `before` leave the outbox: its retention (docs/webhooks.md). */
export async function pruneOutbox(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('webhook_outbox').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
