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

/** Adds counted requests; additions from several processes sum up, none overwrites another's. */
export async function addUsage(
  db: Kysely<Database>,
  deltas: ReadonlyArray<{ keyId: string; periodStart: string; count: number }>,
  now: string,
): Promise<void> {
  if (deltas.length === 0) return;
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
  });
}
