import { sql } from 'kysely';
import type { Storage } from './connection.js';

/**
 * SQLite's page cache while an ingestion run writes. At the default (2 MB) an import into a database that
 * already holds the other sources misses the cache on nearly every insert into the matches' ten indexes
 * (random IDs and team keys): 49,500 matches took 2.8 s there instead of 1.4 s with this cache. The
 * connection's own setting comes back after the run, and the extra pages are released.
 */
const RUN_CACHE_KIB = 128 * 1024;

export async function withWriteCache<T>(storage: Storage, run: () => Promise<T>): Promise<T> {
  if (storage.engine !== 'sqlite') return run();
  const before = await sql<{ cache_size: number }>`pragma cache_size`.execute(storage.db);
  const size = Number(before.rows[0]?.cache_size ?? -2000);
  await sql.raw(`pragma cache_size = ${-RUN_CACHE_KIB}`).execute(storage.db);
  try {
    return await run();
  } finally {
    await sql.raw(`pragma cache_size = ${size}`).execute(storage.db);
    await sql`pragma shrink_memory`.execute(storage.db);
  }
}
