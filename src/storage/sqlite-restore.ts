import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { openStorage } from './connection.js';
import { MIGRATION_NAMES, migrateToLatest } from './migrations/migrate.js';
import {
  besideFile,
  looksLikeSqlite,
  removeSidecars,
  sameFile,
  syncFile,
  syncFolderOf,
} from './sqlite-files.js';
import { latestOf, NotTouchlineError, readSchemaLevel, type SchemaLevel } from './sqlite-schema-level.js';
import { expectedShape, missingFrom, shapeOf } from './sqlite-schema-shape.js';

export interface RestoreResult {
  /** The newest migration the backup had. */
  schema: string;
  /** The migrations applied to it on the way (a backup of an older version). */
  migrated: string[];
}

/** Another process has the database open. */
export class DatabaseInUseError extends Error {}

/**
 * Replaces the SQLite database at `target` with the backup at `backup`, which is left as it is. The backup
 * is copied beside the target, checked (a SQLite database, undamaged, Touchline's, of this version's
 * migrations or older with none missing in between), migrated forward, checked again (every table, column,
 * index and trigger this version's migrations make is there), and only then renamed over the target, with the target's stale
 * -wal, -shm and -journal files removed first: the target is either the old database or the new one,
 * never a mixture, whatever fails or crashes on the way.
 *
 * The target must not be open anywhere: while this process holds SQLite's exclusive lock on it, which any
 * other connection (an idle server's too) prevents, nothing else can use it (see holdExclusively).
 */
export async function restoreSqlite(backup: string, target: string): Promise<RestoreResult> {
  const source = path.resolve(backup);
  if (!fs.existsSync(source)) throw new Error(`no backup at ${source}`);
  if (!fs.statSync(source).isFile()) throw new Error(`${source} is not a file`);
  if (sameFile(source, target)) throw new Error(`${source} is the database itself`);
  if (!looksLikeSqlite(source)) throw new Error(`${source} is not a SQLite database, so no Touchline backup`);
  const staged = besideFile(target, 'restoring');
  const clean = () => {
    fs.rmSync(staged, { force: true });
    removeSidecars(staged);
  };
  clean();
  try {
    fs.copyFileSync(source, staged);
    const level = check(staged, source);
    const migrated = await migrateForward(staged, source);
    settle(staged);
    syncFile(staged);
    replace(staged, target);
    return { schema: latestOf(level), migrated };
  } finally {
    clean();
  }
}

function check(staged: string, source: string): SchemaLevel {
  const sqlite = new SqliteDatabase(staged, { fileMustExist: true });
  try {
    let report: string[];
    try {
      report = (sqlite.pragma('quick_check') as Array<Record<string, unknown>>).map((row) =>
        String(Object.values(row)[0]),
      );
    } catch (error) {
      throw new Error(`${source} is not a usable SQLite database (${(error as Error).message})`);
    }
    if (report.join('\n') !== 'ok')
      throw new Error(`${source} is damaged (${summariseQuickCheck(report, source)})`);
    let level: SchemaLevel;
    try {
      level = readSchemaLevel(sqlite);
    } catch (error) {
      if (error instanceof NotTouchlineError) {
        throw new Error(`${source} is not a Touchline database: ${error.message}`);
      }
      throw error;
    }
    const gap = MIGRATION_NAMES.slice(0, level.applied.length).filter(
      (name) => !level.applied.includes(name),
    );
    if (gap.length > 0) {
      throw new Error(
        `${source} is not a consistent Touchline database: its migrations skip ${gap.join(', ')}, ` +
          `which later ones (up to ${latestOf(level)}) build on`,
      );
    }
    if (level.unknown.length > 0) {
      throw new Error(
        `${source} was made by a newer Touchline: its migrations ${level.unknown.join(', ')} are unknown ` +
          `to this version (whose newest is ${MIGRATION_NAMES.at(-1)}); restore it with a version that has them`,
      );
    }
    return level;
  } finally {
    sqlite.close();
  }
}

/** Problems quoted from quick_check's report; the rest are counted. */
const QUOTED_PROBLEMS = 3;
/** quick_check stops after this many problems. */
const QUICK_CHECK_MAX = 100;

/**
 * quick_check's report in one line: its first few problems and how many there are in all, with how to
 * read the whole report, rather than the up to 100 lines it gives for a damaged file.
 */
export function summariseQuickCheck(rows: readonly string[], file: string): string {
  const problems = rows
    .flatMap((row) => row.split('\n'))
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^\*\*\* in database \w+ \*\*\*$/.test(line));
  const quoted = problems.slice(0, QUOTED_PROBLEMS).join('; ');
  if (problems.length <= QUOTED_PROBLEMS) return `SQLite's quick_check: ${quoted}`;
  const count = problems.length >= QUICK_CHECK_MAX ? `at least ${problems.length}` : `${problems.length}`;
  return (
    `SQLite's quick_check finds ${count} problems, the first: ${quoted}; ` +
    `sqlite3 ${file} "PRAGMA quick_check" lists them all`
  );
}

/**
 * Migrates the staged copy to this version, then checks that it has everything the migrations make: a
 * table dropped outside Touchline would otherwise be restored, and every route reading it answer 500.
 */
async function migrateForward(staged: string, source: string): Promise<string[]> {
  const storage = openStorage(`sqlite:${staged}`, { create: false });
  try {
    let migrated: string[];
    try {
      const { results = [] } = await migrateToLatest(storage);
      migrated = results.map((r) => r.migrationName);
    } catch (error) {
      throw new Error(
        `${source} is not a complete Touchline database: migrating it to this version failed ` +
          `(${(error as Error).message})`,
      );
    }
    const missing = missingFrom(await shapeOf(storage.db), await expectedShape());
    if (missing.length > 0) {
      const shown = missing.slice(0, 5).join(', ');
      const more = missing.length > 5 ? ` and ${missing.length - 5} more` : '';
      throw new Error(`${source} is not a complete Touchline database: it has no ${shown}${more}`);
    }
    return migrated;
  } finally {
    await storage.close();
  }
}

/** Folds the write-ahead log into the file (rollback-journal mode): the file alone is the database. */
function settle(staged: string): void {
  const sqlite = new SqliteDatabase(staged, { fileMustExist: true });
  try {
    sqlite.pragma('journal_mode = DELETE');
  } finally {
    sqlite.close();
  }
}

function replace(staged: string, target: string): void {
  const held = fs.existsSync(target) ? holdExclusively(target) : undefined;
  try {
    removeSidecars(target);
    fs.renameSync(staged, target);
    syncFolderOf(target);
  } finally {
    held?.close();
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code);
}

/**
 * Takes SQLite's exclusive lock on `target` at once, or fails: in WAL mode every open connection holds a
 * shared lock for as long as it is open, so this fails while any process (a server, idle or not, a
 * worker, an ingestion, another command) has the file open, on this machine or on any sharing its file
 * system's locks. The lock is held until the returned connection closes, so that nothing opens the old
 * database in between. Its journal mode is switched out of WAL, which checkpoints and deletes its log:
 * closing it after the rename must not delete a -wal that would then be the new database's.
 */
function holdExclusively(target: string): SqliteDatabase.Database {
  let sqlite: SqliteDatabase.Database | undefined;
  try {
    sqlite = new SqliteDatabase(target, { fileMustExist: true });
    sqlite.pragma('busy_timeout = 0');
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.exec('BEGIN EXCLUSIVE');
    sqlite.exec('COMMIT');
    sqlite.pragma('journal_mode = DELETE');
    return sqlite;
  } catch (error) {
    sqlite?.close();
    if (isBusy(error)) {
      throw new DatabaseInUseError(
        `${target} is in use by another process (a server, an ingestion or another command): ` +
          'stop it, then restore; nothing was changed',
      );
    }
    throw new Error(
      `cannot make sure no process uses ${target} (${(error as Error).message}); nothing was changed. ` +
        'If that database is damaged, move it away with its -wal and -shm files, then restore',
    );
  }
}
