import { hash } from 'node:crypto';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { insertPlainRows, numbersPlaceholders } from './plain-insert.js';

export interface SyncCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface SyncResult extends SyncCounts {
  /** What happened to each record, by ID. */
  outcome: Map<string, keyof SyncCounts>;
  /**
   * The stored rows the run replaced (outcome 'updated'), by ID, as read before the update: every column,
   * or for a hashed table its digest and the columns `readAlso` names.
   */
  previous: Map<string, Record<string, unknown>>;
}

type SyncedTable =
  | 'competitions'
  | 'seasons'
  | 'teams'
  | 'matches'
  | 'players'
  | 'match_sources'
  | 'squad_members'
  | 'match_team_stats'
  | 'match_team_sheets'
  | 'match_lineups'
  | 'match_events'
  | 'standings'
  | 'coaches'
  | 'referees'
  | 'venues'
  | 'coach_appointments'
  | 'match_officials'
  | 'season_placings'
  | 'award_winners';
type Row = { id: string } & Record<string, unknown>;
type Keyed = { id: string };

const READ_CHUNK = 500;
// SQLite allows 32,766 bound values per statement; PostgreSQL 65,535.
const MAX_VALUES_PER_INSERT = 30_000;

function sameValues(record: Keyed, existing: Row): boolean {
  const incoming = record as Row;
  for (const key of Object.keys(incoming)) {
    if ((incoming[key] ?? null) !== (existing[key] ?? null)) return false;
  }
  return true;
}

/**
 * Digest of a record's values in key order; records of one table always list their keys in one order.
 * Each value is written with its type, a text with its length, so two different records never read the
 * same (a third cheaper than JSON.stringify, which a re-import of 100,000 records spends 70 ms on).
 */
export function rowHash(record: Keyed): string {
  let text = '';
  for (const value of Object.values(record)) {
    if (value === null || value === undefined) text += '\u0000';
    else if (typeof value === 'string') text += `\u0001${value.length}:${value}`;
    else text += `\u0002${String(value)}`;
  }
  return hash('sha1', text, 'base64url').slice(0, 22);
}

/**
 * How many of the offered (ID, digest) pairs have a stored row, and how many of those hold the same digest:
 * the database compares, so a chunk that is all new or all unchanged (a first import, a re-import) needs
 * no row read back.
 */
async function storedDigests(
  db: Kysely<Database> | Transaction<Database>,
  table: SyncedTable,
  pairs: ReadonlyArray<readonly [id: string, digest: string]>,
): Promise<{ stored: number; same: number }> {
  // Written directly rather than through sql.join, which builds nodes for each of the pairs' values.
  const numbered = numbersPlaceholders(db);
  const parameters: string[] = [];
  const tuples: string[] = [];
  for (const [id, digest] of pairs) {
    parameters.push(id, digest);
    const n = parameters.length;
    tuples.push(numbered ? `($${n - 1}, $${n})` : '(?, ?)');
  }
  const { rows } = await db.executeQuery<{ stored: number | string; same: number | string | null }>(
    CompiledQuery.raw(
      `select count(*) as stored, sum(case when t.row_hash = v.column2 then 1 else 0 end) as same
    from (values ${tuples.join(', ')}) as v inner join "${table}" as t on t.id = v.column1`,
      parameters,
    ),
  );
  return { stored: Number(rows[0]?.stored ?? 0), same: Number(rows[0]?.same ?? 0) };
}

/** The records of `records` that `result`'s sync wrote (inserted or updated), in their order. */
export function writtenRecords<R extends Keyed>(records: readonly R[], result: SyncResult): R[] {
  return records.filter((r) => {
    const what = result.outcome.get(r.id);
    return what === 'inserted' || what === 'updated';
  });
}

export interface SyncOptions<R> {
  /** Lets a table keep stored values that should win over an incoming record. */
  merge?: (incoming: R, existing: Row) => R;
  /** Compare through the table's `row_hash` column instead of reading every column back (large tables). */
  hashed?: boolean;
  /** Leaves a stored row as it is when this says so (e.g. it came from a source that ranks higher). */
  keep?: (incoming: R, existing: Row) => boolean;
  /** Columns a hashed table also reads back from rows that differ, for `previous` (e.g. what they count in). */
  readAlso?: readonly string[];
}

/**
 * Writes the difference between `records` and what the table holds: new IDs are inserted, changed rows
 * updated with a new `updated_at`, identical ones not touched at all.
 */
export async function syncRecords<R extends Keyed>(
  db: Kysely<Database> | Transaction<Database>,
  table: SyncedTable,
  records: readonly R[],
  now: string,
  options: SyncOptions<R> = {},
): Promise<SyncResult> {
  const { merge = (incoming: R) => incoming, hashed = false, keep = () => false } = options;
  if (hashed && options.merge) throw new Error(`syncRecords: ${table} cannot be both hashed and merged`);
  const result: SyncResult = {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    outcome: new Map(),
    previous: new Map(),
  };
  const existing = new Map<string, Row>();
  const digests = hashed ? records.map(rowHash) : undefined;
  // Records known to be identical to their stored row without reading it (hashed tables).
  const same = new Set<string>();
  // A hashed table is compared through its digest alone; `keep` also reads who wrote the row.
  const columns = ['id', 'row_hash', ...(options.keep ? ['source'] : []), ...(options.readAlso ?? [])];
  for (let i = 0; i < records.length; i += READ_CHUNK) {
    const chunk = records.slice(i, i + READ_CHUNK);
    if (digests) {
      const counts = await storedDigests(
        db,
        table,
        chunk.map((r, k) => [r.id, digests[i + k]!] as const),
      );
      if (counts.stored === 0) continue;
      if (counts.same === chunk.length) {
        for (const r of chunk) same.add(r.id);
        continue;
      }
    }
    const query = db.selectFrom(table).where(
      'id',
      'in',
      chunk.map((r) => r.id),
    );
    const rows = (await (
      digests
        ? // eslint-disable-next-line @typescript-eslint/no-explicit-any
          (query as any).select(columns)
        : query.selectAll()
    ).execute()) as Row[];
    for (const row of rows) existing.set(row.id, row);
  }

  const inserts: Row[] = [];
  for (let at = 0; at < records.length; at += 1) {
    const offered = records[at]!;
    const digest = digests?.[at];
    // Identical to the stored row, whoever may keep it: the usual case of a re-import, decided before
    // anything is copied (for a hashed table, by the database where a whole chunk is unchanged).
    const stored = existing.get(offered.id);
    if (same.has(offered.id) || (stored && digest !== undefined && stored.row_hash === digest)) {
      result.outcome.set(offered.id, 'unchanged');
      continue;
    }
    if (!stored) {
      // One copy per new row, its digest and stamps added at once.
      inserts.push(
        hashed
          ? { ...offered, row_hash: digest, created_at: now, updated_at: now }
          : { ...offered, created_at: now, updated_at: now },
      );
      result.outcome.set(offered.id, 'inserted');
      continue;
    }
    const incoming = hashed ? { ...offered, row_hash: digest } : offered;
    if (keep(offered, stored)) {
      result.outcome.set(incoming.id, 'unchanged');
      continue;
    }
    const record = merge(incoming, stored);
    if (hashed ? stored.row_hash === (record as Row).row_hash : sameValues(record, stored)) {
      result.outcome.set(incoming.id, 'unchanged');
      continue;
    }
    const { id, ...changes } = record;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (db.updateTable(table) as any)
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .execute();
    result.outcome.set(incoming.id, 'updated');
    result.previous.set(incoming.id, stored);
  }

  if (inserts.length > 0) {
    const perRow = Object.keys(inserts[0]!).length;
    const chunk = Math.max(1, Math.floor(MAX_VALUES_PER_INSERT / perRow));
    for (let i = 0; i < inserts.length; i += chunk) {
      await insertPlainRows(db, table, inserts.slice(i, i + chunk));
    }
  }
  for (const what of result.outcome.values()) result[what] += 1;
  return result;
}
