import fs from 'node:fs';
import path from 'node:path';

// The files around one SQLite database, for the commands that copy or replace it whole (backup, restore).

/** The 16 bytes every SQLite database file starts with. */
const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Whether `file` starts as a SQLite database does (an empty file does not: it holds no database). */
export function looksLikeSqlite(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const start = Buffer.alloc(HEADER.length);
    return fs.readSync(fd, start, 0, start.length, 0) === start.length && start.equals(HEADER);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Removes the write-ahead log, its index and a rollback journal left at `file`'s path. Before another
 * database is renamed to that path they must go: SQLite would take them for the new file's and replay
 * the old database's pages into it.
 */
export function removeSidecars(file: string): void {
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true });
}

/** Writes `file`'s data to the disk before it is renamed into place, so a crash cannot leave it partial. */
export function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes a rename in `file`'s folder to the disk; some systems cannot open a folder, and need not. */
export function syncFolderOf(file: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(path.dirname(file), 'r');
    fs.fsyncSync(fd);
  } catch {
    // best effort: the rename itself is atomic either way
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Whether `a` and `b` name the same file (either may be missing). */
export function sameFile(a: string, b: string): boolean {
  if (path.resolve(a) === path.resolve(b)) return true;
  try {
    const [x, y] = [fs.statSync(a), fs.statSync(b)];
    return x.ino === y.ino && x.dev === y.dev;
  } catch {
    return false;
  }
}

/**
 * A file beside `file` (so that a rename moves it into place atomically) for writing its next version,
 * named for this process so that two runs never meet, and visible: one a crash leaves is not hidden.
 */
export function besideFile(file: string, what: string): string {
  return `${file}.${what}-${process.pid}`;
}
