import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

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

const SLOTS_PER_INSERT = 1000;

/** Requests admitted for a key in one slot of its per-minute window; `at` is the slot's end (ms). */
export interface WindowSlot {
  keyId: string;
  at: number;
  count: number;
}

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
    for (const d of deltas) {
      await trx
        .insertInto('key_usage')
        .values({ key_id: d.keyId, period_start: d.periodStart, count: d.count, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['key_id', 'period_start']).doUpdateSet({
            count: sql`key_usage.count + ${d.count}`,
            updated_at: now,
          }),
        )
        .execute();
    }
    if (slots.length === 0) return;
    // In chunks: SQLite takes at most 32,766 bound values in one statement.
    for (let from = 0; from < slots.length; from += SLOTS_PER_INSERT) {
      await trx
        .insertInto('key_windows')
        .values(
          slots
            .slice(from, from + SLOTS_PER_INSERT)
            .map((slot) => ({ key_id: slot.keyId, at: slot.at, count: slot.count })),
        )
        .onConflict((oc) =>
          oc.columns(['key_id', 'at']).doUpdateSet({ count: sql`key_windows.count + excluded.count` }),
        )
        .execute();
    }
    await trx.deleteFrom('key_windows').where('at', '<=', windowStart).execute();
  });
}

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
