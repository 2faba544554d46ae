// What `backup` and `restore` refuse, and what restore does to a backup of another version: a backup over
// an existing file (unless --force), a file that is no Touchline database, one of a newer version (each
// refused with the database left as it was), one missing a table, a column or a migration in between
// (refused before anything is replaced), a damaged one (refused in a few lines, however long SQLite's
// report), one of an older version (migrated forward), a stale
// write-ahead log at the database's path (removed, not replayed into the restored database), and
// PostgreSQL (both exit 1 naming pg_dump or pg_restore). Under load and with a server running:
// test/system/e2e/backup-restore.test.ts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { issueApiKey } from '../../../src/auth/api-keys.js';
import { openStorage } from '../../../src/storage/connection.js';
import { MIGRATION_NAMES, migrateToLatest } from '../../../src/storage/migrations/migrate.js';
import { insertApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import { cliOnce } from '../../support/cli.js';
import { UNDO_AFTER_0007 } from '../../support/migration-undo.js';

const STACK = /\n\s+at /;
const LATEST = MIGRATION_NAMES.at(-1)!;

function tempDir(t: TestContext): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-restore-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A migrated database at `file` holding one key named `name`. */
async function database(file: string, name: string): Promise<void> {
  const storage = openStorage(`sqlite:${file}`);
  try {
    await migrateToLatest(storage);
    await insertApiKey(storage.db, issueApiKey('development', name, new Date()).row);
  } finally {
    await storage.close();
  }
}

/** Runs `statements` on the SQLite file, outside Touchline. */
function alter(file: string, ...statements: string[]): void {
  const sqlite = new SqliteDatabase(file);
  try {
    for (const statement of statements) sqlite.exec(statement);
  } finally {
    sqlite.close();
  }
}

function keyNames(file: string): string[] {
  const sqlite = new SqliteDatabase(file, { readonly: true });
  try {
    return sqlite.prepare('select name from api_keys order by name').pluck().all() as string[];
  } finally {
    sqlite.close();
  }
}

function assertRefused(result: Awaited<ReturnType<typeof cliOnce>>, message: RegExp, what: string): void {
  assert.equal(result.code, 1, `${what}: ${result.stderr}`);
  assert.equal(result.stdout, '', what);
  assert.match(result.stderr, message, what);
  assert.doesNotMatch(result.stderr, STACK, `${what}: no stack trace`);
}

test('backup refuses an existing file unless --force', async (t) => {
  const dir = tempDir(t);
  const env = { DATABASE_URL: `sqlite:${path.join(dir, 'live.db')}` };
  await database(path.join(dir, 'live.db'), 'live');
  const existing = path.join(dir, 'existing.db');
  fs.writeFileSync(existing, 'an older backup');
  const [refused, intoItself] = await Promise.all([
    cliOnce(['backup', existing], env),
    cliOnce(['backup', path.join(dir, 'live.db')], env),
  ]);
  assertRefused(refused, /existing\.db already exists; --force replaces it/, 'backup over a file');
  assert.equal(fs.readFileSync(existing, 'utf8'), 'an older backup', 'left as it was');
  assertRefused(intoItself, /is the database itself/, 'backup over the database');

  const forced = await cliOnce(['backup', existing, '--force'], env);
  assert.equal(forced.code, 0, forced.stderr);
  assert.deepEqual(keyNames(existing), ['live']);
  assert.deepEqual(fs.readdirSync(dir).sort(), ['existing.db', 'live.db'], 'no partial file left');
});

test('restore refuses what is no backup of this version, changing nothing', async (t) => {
  const dir = tempDir(t);
  const live = path.join(dir, 'live.db');
  const env = { DATABASE_URL: `sqlite:${live}` };
  await database(live, 'live');
  const liveBytes = fs.readFileSync(live);

  const text = path.join(dir, 'notes.txt');
  fs.writeFileSync(text, 'SQLite is great\n'.repeat(100));
  const foreign = path.join(dir, 'foreign.db');
  alter(foreign, 'create table t (x)', 'insert into t values (1)');
  const newer = path.join(dir, 'newer.db');
  await database(newer, 'newer');
  alter(
    newer,
    "insert into touchline_migrations (name, timestamp) values ('9999-from-the-future', '2100-01-01')",
  );

  const cases: Array<[string, RegExp]> = [
    [text, /notes\.txt is not a SQLite database, so no Touchline backup/],
    [foreign, /foreign\.db is not a Touchline database: it has no touchline_migrations table/],
    [
      newer,
      new RegExp(
        `newer\\.db was made by a newer Touchline: its migrations 9999-from-the-future are unknown to this version \\(whose newest is ${LATEST}\\)`,
      ),
    ],
    [path.join(dir, 'missing.db'), /no backup at .*missing\.db/],
  ];
  const results = await Promise.all(cases.map(([file]) => cliOnce(['restore', file], env)));
  results.forEach((result, i) => assertRefused(result, cases[i]![1], path.basename(cases[i]![0])));
  assert.ok(fs.readFileSync(live).equals(liveBytes), 'the database is as it was');
  assert.deepEqual(
    fs.readdirSync(dir).sort(),
    ['foreign.db', 'live.db', 'newer.db', 'notes.txt'],
    'nothing staged left',
  );
});

test('restore refuses a backup missing a table, a column or a migration, changing nothing', async (t) => {
  const dir = tempDir(t);
  const live = path.join(dir, 'live.db');
  const env = { DATABASE_URL: `sqlite:${live}` };
  await database(live, 'live');
  const liveBytes = fs.readFileSync(live);

  // Every migration recorded, but the table every match route reads gone: /health would say 200 and
  // each of those routes answer 500.
  const noMatches = path.join(dir, 'no-matches.db');
  await database(noMatches, 'no-matches');
  alter(noMatches, 'pragma foreign_keys = off', 'drop table matches');
  const noColumn = path.join(dir, 'no-column.db');
  await database(noColumn, 'no-column');
  alter(noColumn, 'alter table competitions drop column logo_url');
  const gap = path.join(dir, 'gap.db');
  await database(gap, 'gap');
  const skipped = MIGRATION_NAMES[3]!;
  alter(gap, `delete from touchline_migrations where name = '${skipped}'`);

  const cases: Array<[string, RegExp]> = [
    [noMatches, /no-matches\.db is not a complete Touchline database: it has no table matches$/m],
    [
      noColumn,
      /no-column\.db is not a complete Touchline database: it has no column competitions\.logo_url$/m,
    ],
    [gap, new RegExp(`gap\\.db is not a consistent Touchline database: its migrations skip ${skipped}, `)],
  ];
  const results = await Promise.all(cases.map(([file]) => cliOnce(['restore', file], env)));
  results.forEach((result, i) => assertRefused(result, cases[i]![1], path.basename(cases[i]![0])));
  assert.ok(fs.readFileSync(live).equals(liveBytes), 'the database is as it was');
  assert.deepEqual(fs.readdirSync(dir).sort(), ['gap.db', 'live.db', 'no-column.db', 'no-matches.db']);
});

test("a damaged backup's refusal quotes a few of SQLite's problems and counts the rest", async (t) => {
  const dir = tempDir(t);
  const live = path.join(dir, 'live.db');
  await database(live, 'live');
  const damaged = path.join(dir, 'damaged.db');
  await database(damaged, 'damaged');
  // Enough rows for an index of many pages, then a run of those pages overwritten: quick_check's report
  // is then its full 100 lines.
  alter(
    damaged,
    'create table filler (id integer primary key, x text)',
    'create index filler_x on filler (x)',
    "with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000) insert into filler (x) select 'value ' || i || printf('%50s', '') from n",
  );
  const bytes = fs.readFileSync(damaged);
  const pages = Math.floor(bytes.length / 4096);
  for (let page = pages - 80; page < pages - 20; page += 1)
    bytes.fill(0x41, page * 4096 + 100, page * 4096 + 400);
  fs.writeFileSync(damaged, bytes);

  const result = await cliOnce(['restore', damaged], { DATABASE_URL: `sqlite:${live}` });
  assertRefused(
    result,
    /damaged\.db is damaged \(SQLite's quick_check finds (at least )?\d+ problems, the first: /,
    'damaged',
  );
  assert.match(result.stderr, /"PRAGMA quick_check" lists them all\)/);
  const lines = result.stderr.trim().split('\n');
  assert.ok(lines.length <= 2, `a short refusal, not the whole report:\n${result.stderr}`);
  assert.ok(result.stderr.length < 1000, `${result.stderr.length} characters`);
  assert.deepEqual(keyNames(live), ['live']);
});

test('restore migrates a backup of an older version forward', async (t) => {
  const dir = tempDir(t);
  const older = path.join(dir, 'older.db');
  await database(older, 'older');
  // The database as the version before LATEST left it (test/storage/ingest/stored-match-json.test.ts undoes each).
  alter(
    older,
    ...UNDO_AFTER_0007['0026-people']!,
    `delete from touchline_migrations where name = '0026-people'`,
  );
  const target = path.join(dir, 'target.db');
  await database(target, 'target');
  const result = await cliOnce(['restore', older], { DATABASE_URL: `sqlite:${target}` });
  assert.equal(result.code, 0, result.stderr);
  assert.equal(
    result.stdout,
    `restore: ${target} replaced by ${older} (schema 0025-team-ratings)\nrestore: migrated 0026-people\n`,
  );
  assert.deepEqual(keyNames(target), ['older']);
  const sqlite = new SqliteDatabase(target, { readonly: true });
  t.after(() => sqlite.close());
  const applied = sqlite.prepare('select name from touchline_migrations order by name').pluck().all();
  assert.equal(applied.at(-1), '0026-people', 'the migration ran');
  assert.equal(sqlite.pragma('journal_mode', { simple: true }), 'delete', 'one self-contained file');
});

test('a write-ahead log left at the path is removed, not replayed into the restored database', async (t) => {
  const dir = tempDir(t);
  const backup = path.join(dir, 'backup.db');
  await database(backup, 'backup');
  // A database that was a copy of the backup, with a write still in its log when its process died: the
  // log would apply cleanly to the restored file, which starts as the same bytes.
  const target = path.join(dir, 'target.db');
  fs.copyFileSync(backup, target);
  const crashed = new SqliteDatabase(target);
  crashed.pragma('journal_mode = WAL');
  crashed.pragma('wal_autocheckpoint = 0');
  crashed.exec("update api_keys set name = 'from the stale log'");
  fs.copyFileSync(`${target}-wal`, path.join(dir, 'stale-wal'));
  crashed.close();
  fs.rmSync(target);
  fs.renameSync(path.join(dir, 'stale-wal'), `${target}-wal`);

  const result = await cliOnce(['restore', backup], { DATABASE_URL: `sqlite:${target}` });
  assert.equal(result.code, 0, result.stderr);
  assert.deepEqual(keyNames(target), ['backup'], 'the stale log was not replayed');
  assert.equal(fs.existsSync(`${target}-wal`), false);
});

test('restore into a folder that does not exist is refused, naming it', async (t) => {
  const dir = tempDir(t);
  const backup = path.join(dir, 'backup.db');
  await database(backup, 'backup');
  const target = path.join(dir, 'nowhere', 'touchline.db');
  const result = await cliOnce(['restore', backup], { DATABASE_URL: `sqlite:${target}` });
  assertRefused(result, /its folder .*nowhere does not exist \(DATABASE_URL\)/, 'restore into no folder');
  assert.equal(fs.existsSync(path.dirname(target)), false);
});

test('with PostgreSQL, backup and restore exit 1 naming the tools to use', async () => {
  // Refused from the URL alone: nothing answers at this address.
  const env = { DATABASE_URL: 'postgres://touchline@127.0.0.1:1/touchline' };
  const [backup, restore] = await Promise.all([
    cliOnce(['backup', 'touchline.dump'], env),
    cliOnce(['restore', 'touchline.dump'], env),
  ]);
  assertRefused(
    backup,
    /pg_dump --format=custom --file=<file> "\$DATABASE_URL" \(docs\/deployment\.md/,
    'backup',
  );
  assertRefused(restore, /stop the servers, run pg_restore --clean .* then touchline migrate/, 'restore');
  assert.equal(fs.existsSync('touchline.dump'), false);
});
