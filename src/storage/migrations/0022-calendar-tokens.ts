import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// Calendar feeds (issue 40). A calendar app subscribes to a URL and cannot send a Bearer header, so a key
// holder creates calendar tokens, each a secret of its own stored as its SHA-256 alone (as keys are),
// belonging to a key by ID: a token is refused once its key is revoked, expired or deactivated, and
// outlives a rotation (which keeps the key's ID). A revoked token keeps its row, as a revoked key does.
//
// `match_calendar` is each match's iCalendar SEQUENCE (RFC 5545 3.8.7.4), a derived row the projections
// keep (projections/calendar-sequence.ts): raised by one whenever what a subscriber's calendar shows of
// the match's time, place or status changes (`fingerprint`), never lowered; a match removed keeps its row,
// so a match that comes back does not start again at 0. The matches stored now start at 0.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  await db.schema
    .createTable('calendar_tokens')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('key_id', text, (c) => c.notNull())
    .addColumn('token_hash', text, (c) => c.notNull().unique())
    .addColumn('prefix', text, (c) => c.notNull())
    .addColumn('label', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('revoked_at', text)
    .execute();
  await db.schema
    .createIndex('calendar_tokens_key')
    .on('calendar_tokens')
    .columns(['key_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createTable('match_calendar')
    .addColumn('match_id', text, (c) => c.primaryKey())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('fingerprint', text, (c) => c.notNull())
    .execute();
  await sql`insert into match_calendar (match_id, sequence, fingerprint)
    select id, 0, ${calendarFingerprintSql} from matches`.execute(db);
}

/**
 * What a calendar shows of a match's time, place and status, as one text: the SQL both engines compute it
 * with, over the `matches` table's columns (projections/calendar-sequence.ts writes it the same way).
 */
export const calendarFingerprintSql = sql.raw(
  `matches.starts_at || '|' || matches.time_known || '|' || matches.status || '|' || ` +
    `coalesce(matches.venue_name, '') || '|' || coalesce(matches.venue_city, '') || '|' || ` +
    `coalesce(matches.venue_country, '')`,
);
