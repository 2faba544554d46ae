import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** What a health check or metrics scrape waits for a dependency at most (ms). */
export const PROBE_TIMEOUT_MS = 1000;

/** Whether `check` resolves to anything but false within `ms`: a rejection or no answer is false. */
export async function within(check: Promise<unknown>, ms = PROBE_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check.then((v) => v !== false).catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the database answers a real query within the probe timeout. */
export function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  return within(sql`select 1 as ok`.execute(db));
}
