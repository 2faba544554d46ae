// Only `migrate` (and `serve`'s first start) create a SQLite database: every other command refuses a
// missing file, naming it, so that one run after the file was deleted under a running server does not
// quietly leave a new empty database in its place. Neither creates a missing folder but the default
// location's (var/ in the working directory): a folder missing from a path someone wrote is a typo.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { cliOnce, exitWithin, freePort, ROOT, runCli } from '../../support/cli.js';

const STACK = /\n\s+at /;

function tempDir(t: { after: (fn: () => void) => void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-missing-db-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('commands other than migrate refuse a missing SQLite file and create nothing', async (t) => {
  const dir = tempDir(t);
  // A folder that does not exist either: it must not be created on the way.
  const file = path.join(dir, 'gone', 'touchline.db');
  const env = { DATABASE_URL: `sqlite:${file}`, TOUCHLINE_SOURCES: '' };
  const commands = [
    ['keys', 'list'],
    ['keys', 'create', '--name', 'x'],
    ['runs'],
    ['ingest', 'openfootball', '--from', path.join(dir, 'football.json')],
  ];
  const results = await Promise.all(commands.map((args) => cliOnce(args, env)));
  results.forEach((result, i) => {
    const what = commands[i]!.join(' ');
    assert.equal(result.code, 1, `${what}: ${result.stderr}`);
    assert.equal(result.stdout, '', `${what}: nothing printed on stdout (no key, no listing)`);
    assert.ok(result.stderr.includes(`no database at ${file}`), `${what} names the path: ${result.stderr}`);
    assert.match(result.stderr, /run "touchline migrate" to create it/, what);
    assert.doesNotMatch(result.stderr, STACK, `${what}: no stack trace`);
  });
  assert.equal(fs.existsSync(path.dirname(file)), false, 'neither the folder nor the file was created');
});

test('a relative DATABASE_URL is named by its absolute path', async (t) => {
  const dir = tempDir(t);
  // The command runs in ROOT, so the path is relative to it.
  const relative = path.relative(ROOT, path.join(dir, 'relative.db'));
  const result = await cliOnce(['runs'], { DATABASE_URL: `sqlite:${relative}` });
  assert.equal(result.code, 1, result.stderr);
  assert.ok(result.stderr.includes(path.join(dir, 'relative.db')), result.stderr);
  assert.equal(fs.existsSync(path.join(dir, 'relative.db')), false);
});

test('migrate creates a missing SQLite file, after which the other commands use it', async (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'touchline.db');
  const env = { DATABASE_URL: `sqlite:${file}`, TOUCHLINE_SOURCES: '' };
  const migrate = await cliOnce(['migrate'], env);
  assert.equal(migrate.code, 0, migrate.stderr);
  assert.match(migrate.stdout, /^migrate: \S+ Success$/m);
  assert.ok(fs.statSync(file).isFile(), 'the database file exists');

  const [keys, runs] = await Promise.all([cliOnce(['keys', 'list'], env), cliOnce(['runs'], env)]);
  assert.equal(keys.code, 0, keys.stderr);
  assert.equal(keys.stdout, 'no keys\n');
  assert.equal(runs.code, 0, runs.stderr);
  assert.equal(runs.stdout, 'no ingestion runs yet\n');
});

test('migrate and serve refuse a SQLite path whose folder does not exist, naming it', async (t) => {
  const dir = tempDir(t);
  const folder = path.join(dir, 'typo');
  const file = path.join(folder, 'touchline.db');
  const env = { DATABASE_URL: `sqlite:${file}`, TOUCHLINE_SOURCES: '', PORT: String(await freePort()) };
  // `serve` killed after the test should it start serving after all.
  const serve = runCli(t, ['serve'], env);
  const results = await Promise.all([
    cliOnce(['migrate'], env),
    exitWithin(serve, 30_000).then((exit) => ({ ...exit, ...serve.output })),
  ]);
  results.forEach((result, i) => {
    const what = ['migrate', 'serve'][i]!;
    assert.equal(result.code, 1, `${what}: ${result.stderr}`);
    assert.equal(result.stdout, '', what);
    assert.ok(
      result.stderr.includes(`cannot create the database ${file}: its folder ${folder} does not exist`),
      `${what} names the path: ${result.stderr}`,
    );
    assert.doesNotMatch(result.stderr, STACK, `${what}: no stack trace`);
  });
  assert.equal(fs.existsSync(folder), false, 'the folder was not created');
});

test('without DATABASE_URL, migrate creates the default var/ folder of a fresh checkout', async (t) => {
  const dir = tempDir(t);
  const result = await cliOnce(['migrate'], { TOUCHLINE_SOURCES: '' }, { cwd: dir });
  assert.equal(result.code, 0, result.stderr);
  assert.ok(fs.statSync(path.join(dir, 'var', 'touchline.db')).isFile(), 'var/touchline.db exists');
});
