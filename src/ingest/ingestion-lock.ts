import type pg from 'pg';
import type { Engine } from '../storage/connection.js';
import { pgModule } from '../storage/pg-module.js';

/**
 * The PostgreSQL advisory lock every ingestion run holds, a constant of this application (advisory locks
 * are per database, so deployments on other databases of one server never meet).
 */
export const INGESTION_LOCK_KEY = 0x546c_6e49;

/** Exit status of a command that skipped its run because another ingestion held the lock (EX_TEMPFAIL). */
export const SKIPPED_EXIT_CODE = 75;

export interface LockWait {
  /** How long to wait for another ingestion to end (ms); 0 gives up at once (the run is skipped). */
  waitMs: number;
  /** Called once, when the lock is found held, with who holds it. */
  onWait?: (holder: string) => void;
}

/** A lock held until `release()`. */
export interface HeldLock {
  release(): Promise<void>;
}

/** Another ingestion held the lock for the whole wait. */
export class LockTimeoutError extends Error {}

/** `0.6 s`, `12 s`. */
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

const POLL_MS = 250;
const NOTHING_HELD: HeldLock = { release: async () => undefined };

interface Holder {
  application_name: string | null;
  backend_start: Date | string | null;
  client_addr: string | null;
}

async function holderOf(client: pg.Client): Promise<string> {
  const { rows } = await client.query<Holder>(
    `SELECT a.application_name, a.backend_start, a.client_addr
       FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = $1 AND l.objsubid = 1`,
    [INGESTION_LOCK_KEY],
  );
  const row = rows[0];
  if (!row) return 'another ingestion';
  const since = row.backend_start ? new Date(row.backend_start).toISOString() : undefined;
  return [
    row.application_name || 'another ingestion',
    row.client_addr ? `from ${row.client_addr}` : undefined,
    since ? `since ${since}` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Takes the ingestion lock for one run, so that runs never overlap: on PostgreSQL a session advisory lock
 * (pg_try_advisory_lock) on a connection of its own, held until released; the server drops it with the
 * connection, so a process that dies holding it holds nothing. Another holder is waited for, polling,
 * up to `wait.waitMs`, then LockTimeoutError; with `waitMs` 0 the answer is null (skip this run).
 *
 * SQLite needs no lock here: ingestion processes open it with writeLock (connection.ts), so their write
 * transactions take turns on SQLite's own write lock.
 */
export async function holdIngestionLock(
  engine: Engine,
  databaseUrl: string,
  purpose: string,
  wait: LockWait,
): Promise<HeldLock | null> {
  if (engine !== 'postgres') return NOTHING_HELD;
  const client = new (pgModule().Client)({
    connectionString: databaseUrl,
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    // Shown to whoever waits for the lock (pg_stat_activity), so it can say who holds it.
    application_name: `touchline ${purpose} (pid ${process.pid})`.slice(0, 63),
  });
  // A connection lost while held ends the lock with it; the run's own writes are on their own pool.
  client.on('error', () => undefined);
  await client.connect();
  const deadline = Date.now() + wait.waitMs;
  let told = false;
  try {
    for (;;) {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        INGESTION_LOCK_KEY,
      ]);
      if (rows[0]?.locked) break;
      if (wait.waitMs <= 0) {
        await client.end().catch(() => undefined);
        return null;
      }
      if (Date.now() >= deadline) {
        const holder = await holderOf(client).catch(() => 'another ingestion');
        throw new LockTimeoutError(
          `gave up after ${seconds(wait.waitMs)} waiting for the ingestion lock, held by ${holder}`,
        );
      }
      if (!told) {
        told = true;
        wait.onWait?.(await holderOf(client).catch(() => 'another ingestion'));
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    async release() {
      // Ending the session releases the lock too; unlocking first frees it before the socket closes.
      await client.query('SELECT pg_advisory_unlock($1)', [INGESTION_LOCK_KEY]).catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
