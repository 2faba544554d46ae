import type { Kysely, Transaction } from 'kysely';
import { calendarFingerprintSql } from '../migrations/0022-calendar-tokens.js';
import type { Storage } from '../connection.js';
import { then, type Maybe } from '../maybe.js';
import { QueryTemplates, readColumn, readRows } from '../query-templates.js';
import type { Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Matches written at once by one statement: well under SQLite's 32,766 bound values. */
const CHUNK = 5000;

/**
 * Brings the calendar SEQUENCE of the matches `ids` up to date with their stored rows, in the writer's
 * transaction: a match without a row gets 0; one whose time, precision, status or venue differ from what
 * its sequence was last raised for gets one more; any other is left as it is, so an unchanged write, or one
 * of the score alone, raises nothing, and a sequence never falls. One statement per chunk, the comparison
 * made by the database. Returns the rows written.
 */
export async function raiseCalendarSequences(db: Db, ids: readonly string[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const result = await db
      .insertInto('match_calendar')
      .columns(['match_id', 'sequence', 'fingerprint'])
      .expression((eb) =>
        eb
          .selectFrom('matches')
          .select((s) => [
            'matches.id',
            s.lit(0).as('sequence'),
            s.cast<string>(calendarFingerprintSql, 'text').as('fingerprint'),
          ])
          .where('matches.id', 'in', chunk),
      )
      .onConflict((oc) =>
        oc
          .column('match_id')
          .doUpdateSet({
            sequence: (eb) => eb('match_calendar.sequence', '+', 1),
            fingerprint: (eb) => eb.ref('excluded.fingerprint'),
          })
          .where('match_calendar.fingerprint', '<>', (eb) => eb.ref('excluded.fingerprint')),
      )
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}

/** The most matches one read of sequences takes: a feed's cap (api/calendar). */
export const MAX_SEQUENCES_READ = 1000;

/**
 * The calendar SEQUENCE of each of `ids` (at most MAX_SEQUENCES_READ) that has one; a match without a row
 * (written by other means than the projections) is absent, and shown at 0. Compiled per call rather than
 * through a query template, whose shape would be the number of IDs: a feed is polled, not a hot read.
 */
export function readCalendarSequences(storage: Storage, ids: readonly string[]): Maybe<Map<string, number>> {
  if (ids.length === 0) return new Map();
  if (ids.length > MAX_SEQUENCES_READ) throw new RangeError('readCalendarSequences: too many matches');
  const query = storage.db
    .selectFrom('match_calendar')
    .select(['match_id', 'sequence'])
    .where('match_id', 'in', [...ids])
    .compile();
  return then(
    readRows<{ match_id: string; sequence: number | string }>(storage, query),
    (rows) => new Map(rows.map((row) => [row.match_id, Number(row.sequence)])),
  );
}

const teamName = new QueryTemplates<{ id: string }>((db, { id }) =>
  db.selectFrom('teams').select('name').where('id', '=', id),
);

/** The name of the team `id`, a team feed's title; undefined when there is no such team. */
export function calendarTeamName(storage: Storage, id: string): Maybe<string | undefined> {
  return then(readColumn<string>(storage, teamName.compile(storage.db, { id })), ([name]) => name);
}
