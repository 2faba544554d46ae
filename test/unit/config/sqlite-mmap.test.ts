import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../../../src/config/config.js';
import { openStorage } from '../../../src/storage/connection.js';

test('TOUCHLINE_SQLITE_MMAP_MB: 1 GB by default, 0 for none, nothing else but whole megabytes', () => {
  assert.equal(loadConfig({}).sqliteMmapBytes, 1024 * 1024 * 1024);
  assert.equal(loadConfig({ TOUCHLINE_SQLITE_MMAP_MB: '0' }).sqliteMmapBytes, 0);
  assert.equal(loadConfig({ TOUCHLINE_SQLITE_MMAP_MB: '64' }).sqliteMmapBytes, 64 * 1024 * 1024);
  for (const bad of ['-1', '1.5', 'lots']) {
    assert.throws(() => loadConfig({ TOUCHLINE_SQLITE_MMAP_MB: bad }), ConfigError, bad);
  }
});

test('a SQLite connection maps what it is asked to, and nothing by default', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-mmap-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'db.sqlite');
  const mmapOf = async (mmapBytes?: number) => {
    const storage = openStorage(`sqlite:${file}`, { mmapBytes });
    try {
      const { rows } = await sql<{ mmap_size: number }>`pragma mmap_size`.execute(storage.db);
      return rows[0]!.mmap_size;
    } finally {
      await storage.close();
    }
  };
  assert.equal(await mmapOf(), 0);
  assert.equal(await mmapOf(8 * 1024 * 1024), 8 * 1024 * 1024);
});
