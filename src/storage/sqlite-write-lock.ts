import type SqliteDatabase from 'better-sqlite3';
import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';

/** How an ingestion process waits for SQLite's write lock (see ImmediateSqliteDialect). */
export interface WriteLockWait {
  /** How long a transaction waits for another process's write to end before its run fails (ms). */
  waitMs: number;
  /** Called once per transaction that finds the lock held, before it waits. */
  onWait?: () => void;
}

/** `0.6 s`, `12 s`. */
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

const POLL_MS = 100;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * Takes the database's write lock at once (BEGIN IMMEDIATE), so a transaction never reads a snapshot
 * that another writer's commit makes stale before its first write (SQLITE_BUSY_SNAPSHOT, which no busy
 * timeout waits out). While another process holds the lock this waits, polling without blocking the
 * event loop, for up to `waitMs`.
 */
async function beginImmediate(sqlite: SqliteDatabase.Database, wait: WriteLockWait, busyMs: number) {
  const deadline = Date.now() + wait.waitMs;
  sqlite.exec('PRAGMA busy_timeout = 0');
  try {
    let told = false;
    for (;;) {
      try {
        sqlite.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        if (!isBusy(error)) throw error;
      }
      if (Date.now() >= deadline) {
        throw new Error(
          `gave up after ${seconds(wait.waitMs)} waiting for the database's write lock ` +
            '(another process kept writing)',
        );
      }
      if (!told) {
        told = true;
        wait.onWait?.();
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    sqlite.exec(`PRAGMA busy_timeout = ${busyMs}`);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  constructor(
    private readonly sqlite: SqliteDatabase.Database,
    private readonly wait: WriteLockWait,
    private readonly busyMs: number,
  ) {
    super({ database: sqlite });
  }

  override async beginTransaction(_connection: DatabaseConnection): Promise<void> {
    await beginImmediate(this.sqlite, this.wait, this.busyMs);
  }
}

/**
 * SQLite for an ingestion process: every transaction begins IMMEDIATE, waiting for the write lock as
 * `wait` says. On SQLite the write lock is what keeps two ingestions (a scheduled refresh, a manual
 * `touchline ingest`) from writing at once: the runner writes in one transaction, so the second waits
 * for the first to commit, then writes on the data as committed.
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: SqliteDatabase.Database,
    private readonly wait: WriteLockWait,
    private readonly busyMs: number,
  ) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.sqlite, this.wait, this.busyMs);
  }
}
