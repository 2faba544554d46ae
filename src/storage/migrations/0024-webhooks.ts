import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// Webhooks (issue 43): subscriptions a key owns, the outbox their events are delivered from, the attempts
// made, the deliveries counted per billing period, and the answers to POSTs sent with an Idempotency-Key.
//
// `webhook_outbox` is written by a projection (projections/webhook-outbox.ts) in the transaction of the change
// it describes, so an event exists exactly when its change committed. Each event is written once whatever the
// number of subscriptions; a subscription is a cursor over the outbox (`cursor`, the last event delivered or
// skipped by its filters), so that what was not delivered is what lies after its cursor: nothing is lost by a
// crash, and moving the cursor back is a redelivery. One worker holds a subscription at a time across
// processes and instances (`lease_owner` until `lease_expires_at`, taken by a compare-and-set), and delivers
// its events one after the other, in the outbox's order, which is each match's order.
//
// The signing secret is kept as it is (not a hash): HMAC signing needs it. The previous secret signs too
// until `previous_secret_expires_at` after a rotation, so receivers can switch without losing a delivery.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  const serial = (name: string, column: string) =>
    db.schema
      .createTable(name)
      .addColumn(column, engine === 'postgres' ? 'bigserial' : 'integer', (c) =>
        engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      );
  await db.schema
    .createTable('webhook_subscriptions')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('key_id', text, (c) => c.notNull())
    .addColumn('url', text, (c) => c.notNull())
    .addColumn('description', text)
    /** JSON array of event types. */
    .addColumn('event_types', text, (c) => c.notNull())
    .addColumn('competition_id', text)
    .addColumn('team_id', text)
    .addColumn('match_id', text)
    .addColumn('secret', text, (c) => c.notNull())
    .addColumn('previous_secret', text)
    .addColumn('previous_secret_expires_at', text)
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('disabled_reason', text)
    .addColumn('cursor', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('failure_streak', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', text)
    .addColumn('lease_owner', text)
    .addColumn('lease_expires_at', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addColumn('deleted_at', text)
    .execute();
  await db.schema
    .createIndex('webhook_subscriptions_key')
    .on('webhook_subscriptions')
    .columns(['key_id', 'created_at', 'id'])
    .execute();
  await serial('webhook_outbox', 'seq')
    .addColumn('type', text, (c) => c.notNull())
    .addColumn('match_id', text)
    .addColumn('competition_id', text)
    .addColumn('season_id', text)
    .addColumn('home_team_id', text)
    .addColumn('away_team_id', text)
    .addColumn('payload', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_outbox_created')
    .on('webhook_outbox')
    .columns(['created_at'])
    .execute();
  await serial('webhook_deliveries', 'id')
    .addColumn('subscription_id', text, (c) => c.notNull())
    .addColumn('outbox_seq', 'bigint')
    .addColumn('webhook_id', text, (c) => c.notNull())
    .addColumn('event_type', text, (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('attempted_at', text, (c) => c.notNull())
    .addColumn('outcome', text, (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('error', text)
    .addColumn('response_excerpt', text)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_subscription')
    .on('webhook_deliveries')
    .columns(['subscription_id', 'id'])
    .execute();
  // Deliveries counted per key and billing period, against the plan's allowance (config/plans.ts).
  await db.schema
    .createTable('webhook_usage')
    .addColumn('key_id', text, (c) => c.notNull())
    .addColumn('period_start', text, (c) => c.notNull())
    .addColumn('deliveries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_usage_pk', ['key_id', 'period_start'])
    .execute();
  await db.schema
    .createTable('idempotent_requests')
    .addColumn('key_id', text, (c) => c.notNull())
    .addColumn('idempotency_key', text, (c) => c.notNull())
    .addColumn('fingerprint', text, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotent_requests_pk', ['key_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('idempotent_requests_created')
    .on('idempotent_requests')
    .columns(['created_at'])
    .execute();
}
