import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, LiveEventTable, LiveRejectionTable } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** An applied live update as the log holds it; `payload` and `changes` are parsed JSON. */
export interface LiveEventRow {
  seq: number;
  matchId: string;
  competitionId: string;
  updateId: string;
  sequence: number;
  actor: string;
  appliedAt: string;
  payload: unknown;
  changes: unknown;
}

export type NewLiveEvent = Omit<LiveEventTable, 'seq' | 'payload' | 'changes'> & {
  payload: unknown;
  changes: unknown;
};

function toRow(r: Selectable<LiveEventTable>): LiveEventRow {
  return {
    seq: Number(r.seq),
    matchId: r.match_id,
    competitionId: r.competition_id,
    updateId: r.update_id,
    sequence: Number(r.sequence),
    actor: r.actor,
    appliedAt: r.applied_at,
    payload: JSON.parse(r.payload) as unknown,
    changes: JSON.parse(r.changes) as unknown,
  };
}

/**
 * Appends an applied update to the log and answers its event ID. Call it in the transaction that applied
 * the update, so that the log and the match commit together.
 */
export async function appendLiveEvent(db: Db, event: NewLiveEvent): Promise<number> {
  const row = await db
    .insertInto('live_events')
    .values({ ...event, payload: JSON.stringify(event.payload), changes: JSON.stringify(event.changes) })
    .returning('seq')
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

/** The update already applied under this ID for this match, if any (the duplicate check). */
export async function findLiveEvent(db: Db, matchId: string, updateId: string): Promise<LiveEventRow | null> {
  const row = await db
    .selectFrom('live_events')
    .selectAll()
    .where('match_id', '=', matchId)
    .where('update_id', '=', updateId)
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

/** The newest update applied to a match (its `sequence` decides what is stale), if any. */
export async function newestLiveEventOf(db: Db, matchId: string): Promise<LiveEventRow | null> {
  const row = await db
    .selectFrom('live_events')
    .selectAll()
    .where('match_id', '=', matchId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

export interface LiveEventFilter {
  /** Events after this event ID (0: from the start). */
  after: number;
  matchId?: string;
  competitionId?: string;
  limit: number;
}

/** Events after a cursor, oldest first, for one match or competition or all: an index range each. */
export async function liveEventsAfter(db: Db, filter: LiveEventFilter): Promise<LiveEventRow[]> {
  let query = db.selectFrom('live_events').selectAll().where('seq', '>', filter.after);
  if (filter.matchId !== undefined) query = query.where('match_id', '=', filter.matchId);
  if (filter.competitionId !== undefined) query = query.where('competition_id', '=', filter.competitionId);
  const rows = await query.orderBy('seq').limit(filter.limit).execute();
  return rows.map(toRow);
}

/** The newest event ID, 0 before any. */
export async function newestLiveSeq(db: Db): Promise<number> {
  const row = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** A refusal as the log holds it (written by live-rejection.repository.ts); `repeats` > 1 for a summary. */
export type LiveRejectionRecord = Omit<Selectable<LiveRejectionTable>, 'seq'>;

/** The newest refusals, newest first. */
export async function recentLiveRejections(db: Db, limit: number): Promise<LiveRejectionRecord[]> {
  return db
    .selectFrom('live_rejections')
    .select(['received_at', 'actor', 'match_ref', 'update_id', 'reason', 'excerpt', 'repeats'])
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}
