import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { writeRows } from './plain-insert.js';

/** Requests counted for a key in the billing period starting at `periodStart`. */
export async function readUsage(db: Kysely<Database>, keyId: string, periodStart: string): Promise<number> {
  const row = await db
    .selectFrom('key_usage')
    .select('count')
    .where('key_id', '=', keyId)
    .where('period_start', '=', periodStart)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Requests admitted for a key in one slot of its per-minute window; `at` is the slot's end (ms). */
export interface WindowSlot {
  keyId: string;
  at: number;
  count: number;
}

type KeyUsageRow = { key_id: string; period_start: string; count: number; updated_at: string };
type KeyWindowRow = { key_id: string; at: number; count: number };

/**
 * Add each row's count to the one stored, where there is one (several processes' counts sum up); the
 * updates refer to `excluded` only, so each statement binds its rows' values and nothing else.
 */
const addToUsage = (db: Kysely<Database>) => (rows: readonly KeyUsageRow[]) =>
  db
    .insertInto('key_usage')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['key_id', 'period_start']).doUpdateSet({
        count: sql`key_usage.count + excluded.count`,
        updated_at: sql`excluded.updated_at`,
      }),
    );

const addToWindows = (db: Kysely<Database>) => (rows: readonly KeyWindowRow[]) =>
  db
    .insertInto('key_windows')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['key_id', 'at']).doUpdateSet({ count: sql`key_windows.count + excluded.count` }),
    );

/**
 * Window slots written in one step of a flush. On SQLite the writes are synchronous, and a flush holds
 * a slot per key in use per second since the last one (src/limits/usage-ledger.ts: 1,000 rows for 200
 * busy keys every 5 s, 10,000 for 2,000): written at once, they would hold the cluster primary's event
 * loop that long, with the limit checks and lease renewals of every worker waiting behind it. Between
 * steps the process answers what is waiting, and the transaction stays one.
 */
export const SLOTS_PER_STEP = 500;

/**
 * Adds counted requests and the window slots they were admitted in, in one transaction; additions from
 * several processes sum up, none overwrites another's. Slots ending at or before `windowStart` are
 * dropped: they no longer count against any minute.
 */
export async function addUsage(
  db: Kysely<Database>,
  usage: {
    deltas: ReadonlyArray<{ keyId: string; periodStart: string; count: number }>;
    slots: readonly WindowSlot[];
    windowStart: number;
    now: string;
  },
): Promise<void> {
  const { deltas, slots, windowStart, now } = usage;
  if (deltas.length === 0 && slots.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await writeRows(
      trx,
      addToUsage(trx),
      deltas.map((d) => ({ key_id: d.keyId, period_start: d.periodStart, count: d.count, updated_at: now })),
    );
    if (slots.length === 0) return;
    const rows = slots.map((slot) => ({ key_id: slot.keyId, at: slot.at, count: slot.count }));
    for (let from = 0; from < rows.length; from += SLOTS_PER_STEP) {
      await nextTurn();
      await writeRows(trx, addToWindows(trx), rows.slice(from, from + SLOTS_PER_STEP));
    }
    for (;;) {
      await nextTurn();
      const { numDeletedRows } = await staleSlotsStep(trx, windowStart).executeTakeFirstOrThrow();
      if (Number(numDeletedRows) < SLOTS_PER_STEP) break;
    }
  });
}

/**
 * Deletes up to SLOTS_PER_STEP slots ending at or before `windowStart`, found through the index on `at`
 * (migration 0018). The slots a minute old are about as many as a flush writes, so they go in steps too.
 */
export const staleSlotsStep = (db: Kysely<Database>, windowStart: number) =>
  db
    .deleteFrom('key_windows')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('key_id', 'at'),
        'in',
        selectFrom('key_windows')
          .select(['key_id', 'at'])
          .where('at', '<=', windowStart)
          .limit(SLOTS_PER_STEP)
          .$asTuple('key_id', 'at'),
      ),
    );

/** A key's window slots ending after `windowStart`, oldest first. */
export async function readWindow(
  db: Kysely<Database>,
  keyId: string,
  windowStart: number,
): Promise<Array<{ at: number; count: number }>> {
  const rows = await db
    .selectFrom('key_windows')
    .select(['at', 'count'])
    .where('key_id', '=', keyId)
    .where('at', '>', windowStart)
    .orderBy('at')
    .execute();
  return rows.map((row) => ({ at: Number(row.at), count: Number(row.count) }));
}
