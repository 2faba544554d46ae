// The SQLite file behind a Storage: refusing a missing one when asked not to create it, and noticing
// when its path no longer names the file opened (what /health reports; test/e2e covers the server).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { openStorage, type Storage } from '../../../src/storage/connection.js';
import { MissingDatabaseError } from '../../../src/storage/sqlite-file.js';

function tempDir(t: TestContext): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-sqlite-file-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function open(t: TestContext, file: string): Storage {
  const storage = openStorage(`sqlite:${file}`);
  t.after(() => storage.close());
  return storage;
}

test('create: false refuses a missing file with its absolute path, and creates nothing', (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'missing', 'x.db');
  assert.throws(
    () => openStorage(`sqlite:${file}`, { create: false }),
    (error: unknown) => error instanceof MissingDatabaseError && error.file === file,
  );
  assert.equal(fs.existsSync(path.dirname(file)), false);
});

test('create: false opens an existing file', (t) => {
  const file = path.join(tempDir(t), 'x.db');
  open(t, file);
  const again = openStorage(`sqlite:${file}`, { create: false });
  t.after(() => again.close());
  assert.equal(again.fileChange?.(), undefined);
});

test('fileChange names a file deleted, moved away and back, or replaced', (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'x.db');
  const storage = open(t, file);
  assert.equal(storage.fileChange?.(), undefined);

  fs.renameSync(file, `${file}.moved`);
  assert.equal(storage.fileChange?.(), `${file} was deleted or moved away`);
  fs.renameSync(`${file}.moved`, file);
  assert.equal(storage.fileChange?.(), undefined, 'the same file back');

  const other = path.join(dir, 'other.db');
  fs.writeFileSync(other, '');
  fs.renameSync(other, file);
  assert.equal(storage.fileChange?.(), `${file} was replaced by another file`);

  fs.unlinkSync(file);
  assert.equal(storage.fileChange?.(), `${file} was deleted or moved away`);
});

test('an in-memory database has no file to watch', (t) => {
  const storage = openStorage('sqlite::memory:');
  t.after(() => storage.close());
  assert.equal(storage.fileChange, undefined);
});
