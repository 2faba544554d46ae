import type { Insertable, Kysely } from 'kysely';
import type { Database, LiveRejectionTable } from '../schema.js';

type Db = Kysely<Database>;

/** Rows deleted per statement when the log is pruned: each a short write, however far behind it is. */
export const PRUNE_STEP = 5000;

export type RejectionRow = Omit<Insertable<LiveRejectionTable>, 'seq'>;

/** Keeps refusals, each with its reason; `repeats` says how many one row stands for (a summary). */
export async function recordLiveRejections(db: Db, rows: readonly RejectionRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('live_rejections').values(rows).execute();
}

export interface Retention {
  /** Rows kept at most: the newest. */
  keep: number;
  /** Rows received before this are deleted. */
  before: Date;
}

/** The newest event ID a pruning deletes up to (0 for none): past the count kept, or too old. */
async function pruneBoundary(db: Db, retention: Retention): Promise<number> {
  const beyond = await db
    .selectFrom('live_rejections')
    .select('seq')
    .orderBy('seq', 'desc')
    .limit(1)
    .offset(retention.keep)
    .executeTakeFirst();
  const old = await db
    .selectFrom('live_rejections')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('received_at', '<', retention.before.toISOString())
    .executeTakeFirst();
  return Math.max(Number(beyond?.seq ?? 0), Number(old?.seq ?? 0));
}

/**
 * Deletes the rows past `retention` (older ones first, in steps of PRUNE_STEP, `pace` awaited between
 * steps so that a log far over its bound does not hold the process); returns how many went.
 */
export async function pruneLiveRejections(
  db: Db,
  retention: Retention,
  pace: () => Promise<void> = async () => undefined,
): Promise<number> {
  const boundary = await pruneBoundary(db, retention);
  let deleted = 0;
  for (;;) {
    const oldest = await db
      .selectFrom('live_rejections')
      .select((eb) => eb.fn.min('seq').as('seq'))
      .executeTakeFirst();
    const from = Number(oldest?.seq ?? 0);
    if (oldest?.seq === null || oldest?.seq === undefined || from > boundary) return deleted;
    const result = await db
      .deleteFrom('live_rejections')
      .where('seq', '<=', Math.min(boundary, from + PRUNE_STEP - 1))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    await pace();
  }
}
