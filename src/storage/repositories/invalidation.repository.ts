import { sql, type Kysely, type Transaction } from 'kysely';
import type { Engine } from '../connection.js';
import type { Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What a committed change of served data invalidates: every cached answer (`everything`), or the answers
 * about the records named, by their IDs (a competition's, season's, team's or match's: IDs carry their
 * kind's prefix, so an ID alone names its record), together with every answer about many records at once
 * (lists, searches, coverage). src/cache/dataset-generation.ts reads them; src/api/answer-scope.ts says
 * which answers are about one record.
 */
export type Invalidation = { everything: true } | { everything: false; records: ReadonlySet<string> };

export const EVERYTHING: Invalidation = { everything: true };

/**
 * A change naming more records than this invalidates everything instead: a large import changes most
 * answers anyway, and every serving process keeps one entry per record named.
 */
export const MAX_RECORDS_NAMED = 5000;

/**
 * Rows of the log kept: a process that has not read it for this many changes (a suspended one) finds rows
 * gone and reads the versions again (readRecordVersions), as a starting process does.
 */
const ROWS_KEPT = 10_000;

/** IDs per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 300;

/**
 * Held while a row is added, to the end of the transaction (PostgreSQL): sequence numbers are then taken
 * in commit order, so a process that has read up to a number never finds a smaller one committed later.
 * Live updates and ingestion runs hold other locks, not this one. SQLite's write lock does the same.
 */
const INVALIDATION_LOCK_KEY = 0x546c_4976;

const ALL = '*';

/** An invalidation naming `records`, or everything when they are too many to name. */
export function invalidationOf(records: Iterable<string>): Invalidation {
  const named = new Set(records);
  return named.size > MAX_RECORDS_NAMED ? EVERYTHING : { everything: false, records: named };
}

/**
 * Records that the transaction changed served data, and what: call it in the transaction, last, after the
 * writes, so the row commits with them (the lock it takes on PostgreSQL is held until commit). A change
 * that names no record still invalidates every answer about many records.
 */
export async function recordInvalidation(
  db: Db,
  engine: Engine,
  invalidation: Invalidation,
  now: Date,
): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${INVALIDATION_LOCK_KEY})`.execute(db);
  const at = now.toISOString();
  const scopes = invalidation.everything ? ALL : [...invalidation.records].join(' ');
  const { seq } = await db
    .insertInto('invalidations')
    .values({ scopes, recorded_at: at })
    .returning('seq')
    .executeTakeFirstOrThrow();
  const ids = invalidation.everything ? [ALL] : [...invalidation.records];
  for (let from = 0; from < ids.length; from += CHUNK) {
    await db
      .insertInto('record_versions')
      .values(ids.slice(from, from + CHUNK).map((id) => ({ record_id: id, seq, recorded_at: at })))
      .onConflict((oc) =>
        oc.column('record_id').doUpdateSet({
          seq: (eb) => eb.ref('excluded.seq'),
          recorded_at: (eb) => eb.ref('excluded.recorded_at'),
        }),
      )
      .execute();
  }
  await db
    .deleteFrom('invalidations')
    .where('seq', '<=', Number(seq) - ROWS_KEPT)
    .execute();
}

export interface InvalidationRow {
  seq: number;
  invalidation: Invalidation;
}

export interface InvalidationPage {
  rows: InvalidationRow[];
  /**
   * Rows after `since` may have been pruned before they were read (the oldest kept is after `since + 1`),
   * or the log is older than `since` (a database restored under a running process): either way what
   * changed is unknown, and the reader reads the versions again (readRecordVersions).
   */
  gap: boolean;
}

/** Rows after `since`, oldest first, at most `limit`: an index range on the primary key. */
export async function readInvalidations(db: Db, since: number, limit: number): Promise<InvalidationPage> {
  const stored = await db
    .selectFrom('invalidations')
    .select(['seq', 'scopes'])
    .where('seq', '>', since)
    .orderBy('seq')
    .limit(limit)
    .execute();
  const rows = stored.map((r) => ({
    seq: Number(r.seq),
    invalidation:
      r.scopes === ALL
        ? EVERYTHING
        : ({
            everything: false,
            records: new Set(r.scopes === '' ? [] : r.scopes.split(' ')),
          } satisfies Invalidation),
  }));
  // Sequence numbers may skip (PostgreSQL's, for a transaction rolled back), so a first row after a skip
  // is checked against the log's ends rather than taken for a gap.
  let gap = false;
  if (since > 0 && (rows.length === 0 || rows[0]!.seq !== since + 1)) {
    const ends = await db
      .selectFrom('invalidations')
      .select((eb) => [eb.fn.min('seq').as('oldest'), eb.fn.max('seq').as('newest')])
      .executeTakeFirst();
    const oldest = Number(ends?.oldest ?? 0);
    const newest = Number(ends?.newest ?? 0);
    gap = newest < since || oldest > since + 1;
  }
  return { rows, gap };
}

/** What a process starting to follow the log reads first: the versions it has so far. */
export interface RecordVersions {
  /** The newest row of the log: follow it from there. */
  newest: number;
  /** The newest change of everything, and when it was recorded. */
  everything: { seq: number; at: string };
  /** Each record named by a change after that one, with the newest such change. */
  named: Array<[id: string, seq: number]>;
}

/**
 * The versions of every record, for a process that starts to follow the log or has lost its thread: one
 * row per record named after the newest change of everything, an index range. The log's end is read first,
 * so a change committed meanwhile is read again from the log, which changes nothing (versions only grow).
 */
export async function readRecordVersions(db: Db): Promise<RecordVersions> {
  const end = await db
    .selectFrom('invalidations')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  const all = await db
    .selectFrom('record_versions')
    .select(['seq', 'recorded_at'])
    .where('record_id', '=', ALL)
    .executeTakeFirst();
  const everything = { seq: Number(all?.seq ?? 0), at: all?.recorded_at ?? '' };
  const rows = await db
    .selectFrom('record_versions')
    .select(['record_id', 'seq'])
    .where('seq', '>', everything.seq)
    .execute();
  return {
    newest: Number(end?.seq ?? 0),
    everything,
    named: rows.filter((r) => r.record_id !== ALL).map((r) => [r.record_id, Number(r.seq)]),
  };
}
