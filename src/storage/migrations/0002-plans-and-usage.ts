import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  await db.schema
    .alterTable('api_keys')
    .addColumn('plan', text, (c) => c.notNull().defaultTo('free'))
    .execute();
  // Day of the month (1-28) billing periods start on; null means calendar months.
  await db.schema.alterTable('api_keys').addColumn('billing_anchor_day', 'integer').execute();
  await db.schema
    .createTable('key_usage')
    .addColumn('key_id', text, (c) => c.notNull().references('api_keys.id'))
    .addColumn('period_start', text, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('key_usage_pk', ['key_id', 'period_start'])
    .execute();
}
