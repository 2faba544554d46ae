// The SQLite templates of test/support/database-template.ts: built once whoever asks at the same time, a
// failed build leaves no template and frees the lock, a lock left by a process that is gone is taken over.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { sqliteTemplate } from '../../support/database-template.js';

function folder(t: { after: (fn: () => void) => void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-templates-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('callers asking at once share one build; a later key builds anew and removes the older file', async (t) => {
  const dir = folder(t);
  let builds = 0;
  const build = async (file: string) => {
    builds += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    fs.writeFileSync(file, 'built');
  };
  const made = await Promise.all([1, 2, 3].map(() => sqliteTemplate('kind', 'a1', build, dir)));
  assert.equal(builds, 1);
  assert.deepEqual(new Set(made), new Set([path.join(dir, 'kind-a1.db')]));
  await sqliteTemplate('kind', 'b2', build, dir);
  assert.equal(builds, 2);
  assert.deepEqual(fs.readdirSync(dir), ['kind-b2.db']);
});

test('a build that fails leaves neither a template nor the lock, and the next caller builds', async (t) => {
  const dir = folder(t);
  await assert.rejects(
    sqliteTemplate('kind', 'k', async () => Promise.reject(new Error('ingestion failed')), dir),
    /ingestion failed/,
  );
  assert.deepEqual(fs.readdirSync(dir), []);
  const file = await sqliteTemplate('kind', 'k', async (at) => fs.writeFileSync(at, 'x'), dir);
  assert.equal(fs.readFileSync(file, 'utf8'), 'x');
});

test('a build that leaves its write-ahead log behind is refused: the copy would miss its rows', async (t) => {
  const dir = folder(t);
  const build = async (at: string) => {
    fs.writeFileSync(at, 'x');
    fs.writeFileSync(`${at}-wal`, 'unwritten pages');
  };
  await assert.rejects(sqliteTemplate('kind', 'k', build, dir), /-wal file: close its storage/);
  assert.ok(!fs.existsSync(path.join(dir, 'kind-k.db')));
});

test('a lock held by a process that is gone is taken over', async (t) => {
  const dir = folder(t);
  const gone = Number(
    spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout,
  );
  fs.mkdirSync(path.join(dir, 'kind-k.db.lock'));
  fs.writeFileSync(path.join(dir, 'kind-k.db.lock', 'pid'), String(gone));
  const file = await sqliteTemplate('kind', 'k', async (at) => fs.writeFileSync(at, 'x'), dir);
  assert.ok(fs.existsSync(file));
  assert.ok(!fs.existsSync(`${file}.lock`));
});
