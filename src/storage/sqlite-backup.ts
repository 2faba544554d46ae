import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { MissingDatabaseError } from './sqlite-file.js';
import { besideFile, removeSidecars, sameFile, syncFile, syncFolderOf } from './sqlite-files.js';
import { latestOf, readSchemaLevel } from './sqlite-schema-level.js';

export interface BackupResult {
  bytes: number;
  /** The newest migration the copy has. */
  schema: string;
}

/** A destination that exists, without `force`. */
export class BackupExistsError extends Error {}

/** Where backupSqlite writes the copy before moving it into place: its size tells how far it has come. */
export function backupPartialFile(destination: string): string {
  return besideFile(path.resolve(destination), 'partial');
}

/**
 * About how many bytes the copy will have: the database's pages in use (VACUUM INTO leaves the free ones
 * out), for a progress estimate; 0 when the database cannot be read (backupSqlite then says why).
 */
export function expectedBackupBytes(database: string): number {
  let sqlite: SqliteDatabase.Database | undefined;
  try {
    sqlite = new SqliteDatabase(database, { fileMustExist: true, readonly: true });
    const pages = Number(sqlite.pragma('page_count', { simple: true }));
    const free = Number(sqlite.pragma('freelist_count', { simple: true }));
    return (pages - free) * Number(sqlite.pragma('page_size', { simple: true }));
  } catch {
    return 0;
  } finally {
    sqlite?.close();
  }
}

/**
 * Copies the SQLite database at `database` to `destination` while other processes read and write it.
 *
 * With VACUUM INTO rather than the online backup API (better-sqlite3's `.backup()`): VACUUM INTO reads the
 * whole database in one read transaction, so the copy is the snapshot of one moment, and in WAL mode
 * neither the servers' writes (counts, every few seconds) nor an ingestion wait for it or disturb it. The
 * backup API copies a few pages per step and starts over whenever another connection writes between
 * steps, which under a serving load can go on indefinitely. VACUUM INTO costs more CPU (it rebuilds the
 * file, indexes included), and gives a compact file in rollback-journal mode, complete on its own.
 *
 * The copy is written beside the destination, synced, then moved into place: a failure leaves no partial
 * backup. Without `force` an existing destination is refused, also one that appears meanwhile (a hard
 * link, which never replaces, puts it in place).
 */
export function backupSqlite(database: string, destination: string, force: boolean): BackupResult {
  const target = path.resolve(destination);
  if (
    sameFile(database, target) ||
    ['-wal', '-shm', '-journal'].some((s) => sameFile(database + s, target))
  ) {
    throw new Error(`${target} is the database itself; name another file for the backup`);
  }
  checkDestination(target, force);
  if (!fs.existsSync(database)) throw new MissingDatabaseError(database);
  const partial = backupPartialFile(target);
  removeSidecars(partial);
  fs.rmSync(partial, { force: true });
  const sqlite = new SqliteDatabase(database, { fileMustExist: true });
  try {
    // A checkpoint or a recovery by another process holds its locks briefly.
    sqlite.pragma('busy_timeout = 10000');
    const schema = latestOf(readSchemaLevel(sqlite));
    sqlite.prepare('VACUUM INTO ?').run(partial);
    syncFile(partial);
    place(partial, target, force);
    return { bytes: fs.statSync(target).size, schema };
  } finally {
    sqlite.close();
    fs.rmSync(partial, { force: true });
    removeSidecars(partial);
  }
}

function checkDestination(target: string, force: boolean): void {
  const folder = path.dirname(target);
  if (!fs.existsSync(folder)) throw new Error(`cannot write ${target}: its folder ${folder} does not exist`);
  if (!fs.existsSync(target)) return;
  if (fs.statSync(target).isDirectory()) throw new Error(`${target} is a folder; name the backup file`);
  if (!force) throw new BackupExistsError(`${target} already exists; --force replaces it`);
}

function place(partial: string, target: string, force: boolean): void {
  if (force) {
    fs.renameSync(partial, target);
  } else {
    try {
      fs.linkSync(partial, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new BackupExistsError(`${target} already exists; --force replaces it`);
      // A file system without hard links: the check made before the copy has to do.
      if (fs.existsSync(target)) throw new BackupExistsError(`${target} already exists; --force replaces it`);
      fs.renameSync(partial, target);
    }
  }
  syncFolderOf(target);
}
