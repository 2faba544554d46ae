import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// Live match updates (issue 20). `live_events` is at once the audit of every applied update (who sent it,
// when, what it changed) and the log the stream reads: its sequence is the event ID a client resumes
// from with Last-Event-ID, the same on every instance because it is the database's. An update is applied
// once per (match, update_id), so a duplicate sent again is found by the unique index and changes
// nothing. `live_rejections` keeps the updates refused, with the reason, for the operator.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  const id = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('seq', engine === 'postgres' ? 'bigserial' : 'integer', (c) =>
        engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      );
  await id('live_events')
    .addColumn('match_id', text, (c) => c.notNull())
    .addColumn('competition_id', text, (c) => c.notNull())
    .addColumn('update_id', text, (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('actor', text, (c) => c.notNull())
    .addColumn('applied_at', text, (c) => c.notNull())
    .addColumn('payload', text, (c) => c.notNull())
    .addColumn('changes', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('live_events_update')
    .on('live_events')
    .columns(['match_id', 'update_id'])
    .unique()
    .execute();
  await db.schema.createIndex('live_events_match').on('live_events').columns(['match_id', 'seq']).execute();
  await db.schema
    .createIndex('live_events_competition')
    .on('live_events')
    .columns(['competition_id', 'seq'])
    .execute();
  await id('live_rejections')
    .addColumn('received_at', text, (c) => c.notNull())
    .addColumn('actor', text, (c) => c.notNull())
    .addColumn('match_ref', text)
    .addColumn('update_id', text)
    .addColumn('reason', text, (c) => c.notNull())
    .addColumn('excerpt', text, (c) => c.notNull())
    .execute();
  // An update may name its match by the key a source gave it (`{source, key}`): one index seek, not a
  // scan of every source's keys (international results alone store 50,000).
  await db.schema
    .createIndex('match_sources_key')
    .on('match_sources')
    .columns(['source', 'source_key'])
    .execute();
}
