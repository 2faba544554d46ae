import type { Kysely, Transaction } from 'kysely';
import type { Storage } from '../connection.js';
import { then, type Maybe } from '../maybe.js';
import { QueryTemplates, readColumn } from '../query-templates.js';
import type { ChangeTable, Database } from '../schema.js';
import { insertPlainRows } from './plain-insert.js';

type Db = Kysely<Database> | Transaction<Database>;
export type ChangeKind = ChangeTable['kind'];

/** IDs per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

/**
 * Logs that these records' served fields changed at `at` (a stamp from changeStamp): each moves to the end
 * of the log (its older row goes), so the log keeps one row per record and a reader after any cursor finds
 * each changed record once. Call it inside the transaction that made the change, so the log commits with it.
 */
export async function logChanges(
  db: Db,
  kind: ChangeKind,
  ids: Iterable<string>,
  at: string,
): Promise<number> {
  const unique = [...new Set(ids)];
  for (let from = 0; from < unique.length; from += CHUNK) {
    const chunk = unique.slice(from, from + CHUNK);
    await db.deleteFrom('changes').where('kind', '=', kind).where('record_id', 'in', chunk).execute();
    await insertPlainRows(
      db,
      'changes',
      chunk.map((id) => ({ kind, record_id: id, changed_at: at })),
    );
  }
  return unique.length;
}

/** A record removed, and the record that took its place when there is one. */
export interface Removal {
  id: string;
  replacedBy: string | null;
}

/**
 * Logs that these records were removed, at `at`: a tombstone each, at the end of the log like a change
 * (its older row goes), so a client following the log deletes its copy. A record that comes back later is
 * logged as a change again, which replaces its tombstone.
 */
export async function logRemovals(
  db: Db,
  kind: ChangeKind,
  removals: readonly Removal[],
  at: string,
): Promise<number> {
  for (let from = 0; from < removals.length; from += CHUNK) {
    const chunk = removals.slice(from, from + CHUNK);
    await db
      .deleteFrom('changes')
      .where('kind', '=', kind)
      .where(
        'record_id',
        'in',
        chunk.map((r) => r.id),
      )
      .execute();
    await insertPlainRows(
      db,
      'changes',
      chunk.map((r) => ({ kind, record_id: r.id, changed_at: at, removed: 1, replaced_by: r.replacedBy })),
    );
  }
  return removals.length;
}

/**
 * The time to log a run's changes at: `now`, or one millisecond after the newest stamp in the log when that
 * is not earlier. Stamps then never decrease along the log, whatever the clocks of the hosts that ingest
 * (runs take turns: one ingestion at a time), so a client that asks for what changed after the newest stamp
 * it was given (`updated_since`) misses no later change. Read in the run's transaction: the newest row is
 * the newest stamp.
 */
export async function changeStamp(db: Db, now: Date): Promise<string> {
  const newest = await db
    .selectFrom('changes')
    .select('changed_at')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const after = newest?.changed_at ? Date.parse(newest.changed_at) + 1 : Number.NEGATIVE_INFINITY;
  return new Date(Math.max(now.getTime(), after)).toISOString();
}

export interface ChangeRow {
  seq: number;
  kind: ChangeKind;
  recordId: string;
  /** A tombstone: the record was removed, and `replacedBy` took its place when not null. */
  removed: boolean;
  replacedBy: string | null;
}

/** Changes after `since`, oldest first: an index range on the primary key. */
export async function readChanges(db: Db, since: number, limit: number): Promise<ChangeRow[]> {
  const rows = await db
    .selectFrom('changes')
    .selectAll()
    .where('seq', '>', since)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    seq: Number(r.seq),
    kind: r.kind,
    recordId: r.record_id,
    removed: Number(r.removed) === 1,
    replacedBy: r.replaced_by,
  }));
}

/** The newest sequence number logged, 0 for an empty log. */
export async function latestChange(db: Db): Promise<number> {
  const row = await db
    .selectFrom('changes')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

// One seek at the end of the kind's range of changes_changed, on both engines.
const newestOfKind = new QueryTemplates<{ kind: ChangeKind }>((db, { kind }) =>
  db
    .selectFrom('changes')
    .select((eb) => eb.fn.max('changed_at').as('changed_at'))
    .where('kind', '=', kind),
);

/** When the newest change of a kind was logged (one index seek), null before any. */
export function newestChangeOf(storage: Storage, kind: ChangeKind): Maybe<string | null> {
  return then(
    readColumn<string | null>(storage, newestOfKind.compile(storage.db, { kind })),
    ([newest]) => newest ?? null,
  );
}

/** What a run changed, for the log: records it wrote, and the containers whose served names changed. */
export interface RunChanges {
  competitions: readonly string[];
  seasons: readonly string[];
  teams: readonly string[];
  matches: readonly string[];
  /** Whose names a match shows: their matches' served fields changed with them. */
  renamed: { competitions: readonly string[]; seasons: readonly string[]; teams: readonly string[] };
  /** Matches removed (their source no longer sends them). */
  removedMatches: readonly Removal[];
  /** Teams whose ratings changed, and those left with no rated match (migration 0025). */
  ratings?: readonly string[];
  removedRatings?: readonly string[];
  /** People and places written: players (also those whose squads or lineups, and so teams, changed). */
  people?: Partial<Record<PersonKind, readonly string[]>>;
}

export type PersonKind = 'player' | 'coach' | 'referee' | 'venue';
const PERSON_KINDS: readonly PersonKind[] = ['player', 'coach', 'referee', 'venue'];

async function matchesShowing(db: Db, renamed: RunChanges['renamed']): Promise<string[]> {
  const ids: string[] = [];
  const of = async (
    column: 'competition_id' | 'season_id' | 'home_team_id' | 'away_team_id',
    values: readonly string[],
  ) => {
    for (let from = 0; from < values.length; from += CHUNK) {
      const rows = await db
        .selectFrom('matches')
        .select('id')
        .where(column, 'in', values.slice(from, from + CHUNK))
        .execute();
      for (const row of rows) ids.push(row.id);
    }
  };
  await of('competition_id', renamed.competitions);
  await of('season_id', renamed.seasons);
  await of('home_team_id', renamed.teams);
  await of('away_team_id', renamed.teams);
  return ids;
}

/**
 * Logs a run's changes in the order a reader applies them: competitions, seasons, teams, then matches
 * (those written and those showing a renamed team, competition or season), then matches removed, all stamped with one time
 * taken as the run is about to commit (`now`, see changeStamp). Returns the rows logged.
 */
export async function logRunChanges(db: Db, changes: RunChanges, now: Date): Promise<number> {
  const matches = [...changes.matches, ...(await matchesShowing(db, changes.renamed))];
  const ratings = changes.ratings ?? [];
  const removedRatings = (changes.removedRatings ?? []).map((id) => ({ id, replacedBy: null }));
  const people = PERSON_KINDS.map((kind) => [kind, changes.people?.[kind] ?? []] as const);
  const any = [
    changes.competitions,
    changes.seasons,
    changes.teams,
    matches,
    changes.removedMatches,
    ratings,
    removedRatings,
    ...people.map(([, ids]) => ids),
  ].some((ids) => ids.length > 0);
  if (!any) return 0;
  const at = await changeStamp(db, now);
  let logged =
    (await logChanges(db, 'competition', changes.competitions, at)) +
    (await logChanges(db, 'season', changes.seasons, at)) +
    (await logChanges(db, 'team', changes.teams, at)) +
    (await logChanges(db, 'match', matches, at)) +
    (await logRemovals(db, 'match', changes.removedMatches, at)) +
    (await logChanges(db, 'rating', ratings, at)) +
    (await logRemovals(db, 'rating', removedRatings, at));
  for (const [kind, ids] of people) logged += await logChanges(db, kind, ids, at);
  return logged;
}
