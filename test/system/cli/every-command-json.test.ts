// `touchline <command> --json` for every command of the program, found by walking the program itself (a
// command added without a line here fails the test): each succeeds with valid JSON on stdout, one document
// or, for the commands that write as they go, one object per line; and piped, stderr has plain lines,
// never a progress bar or another control character.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Command } from 'commander';
import { buildProgram } from '../../../src/cli/program/program.js';
import { controlCharacters } from '../../support/cli/control-characters.js';
import { cliOnce, exitWithin, freePort, launchCli, waitForHealth } from '../../support/cli.js';
import { doc, fixture, writeDoc } from '../../support/feed.js';
import { tempDir } from '../../support/fjelstul/fixtures.js';
import { documentedFields } from '../../support/cli/documented-fields.js';
import { replayBed } from '../../support/replay/replay-bed.js';

/** The object has exactly the fields docs/cli.md lists under `heading`, and so do its arrays' elements. */
function assertDocumented(object: unknown, heading: string): void {
  const { fields, nested } = documentedFields(heading);
  assert.deepEqual(Object.keys(object as object).sort(), [...fields].sort(), heading);
  for (const [field, names] of Object.entries(nested)) {
    if (names.length === 0) continue;
    for (const element of (object as Record<string, object[]>)[field]!) {
      assert.deepEqual(Object.keys(element).sort(), [...names].sort(), `${heading}: ${field}`);
    }
  }
}

/** Every command that runs something (not a group such as `keys`), by its words. */
function runnableCommands(command: Command, words: string[] = []): Array<{ path: string; command: Command }> {
  return command.commands.flatMap((sub) => {
    const path = [...words, sub.name()];
    return sub.commands.length > 0 ? runnableCommands(sub, path) : [{ path: path.join(' '), command: sub }];
  });
}

type Json = Record<string, unknown>;

/** One document, or (`lines`) one object per line, at least one. */
function parse(stdout: string, lines: boolean): unknown {
  if (!lines) return JSON.parse(stdout);
  const objects = stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Json);
  assert.ok(objects.length > 0, 'at least one line');
  for (const object of objects) assert.equal(typeof object, 'object');
  return objects;
}

test('every command takes --json', () => {
  const commands = runnableCommands(buildProgram());
  assert.ok(commands.length >= 20, `every command is found: ${commands.map((c) => c.path).join(', ')}`);
  for (const { path, command } of commands) {
    assert.ok(
      command.options.some((o) => o.long === '--json'),
      `touchline ${path} takes --json`,
    );
  }
});

test('touchline <command> --json prints valid JSON for every command', { timeout: 180_000 }, async (t) => {
  const bed = await replayBed();
  t.after(() => bed.close());
  const tmp = tempDir('touchline-every-json-');
  t.after(() => tmp.cleanup());
  const match = await bed.matchId('M-2022-64');
  const feed = writeDoc(tmp.dir, 'feed.json', doc([fixture('m1'), fixture('m2', { away: 'west' })]));
  const env = { DATABASE_URL: bed.storage.url, TOUCHLINE_SOURCES: `feed=${feed}` };
  const backup = path.join(tmp.dir, 'backup.db');

  const created = await cliOnce(['keys', 'create', '--name', 'json', '--json'], env);
  assert.equal(created.code, 0, created.stderr);
  const { id, key } = JSON.parse(created.stdout) as { id: string; key: string };
  assert.match(key, /^test_/);

  /** What each command is run with, in this order (revoke last, restore after backup), and how it writes. */
  const runs: Record<string, { args: string[]; lines?: boolean; input?: string; env?: Json }> = {
    migrate: { args: ['migrate'] },
    ingest: { args: ['ingest', 'feed', '--from', feed] },
    refresh: { args: ['refresh', '--force'] },
    runs: { args: ['runs'] },
    'keys create': { args: ['keys', 'create', '--plan', 'pro'] },
    'keys list': { args: ['keys', 'list'] },
    'keys usage': { args: ['keys', 'usage', key] },
    'keys set-plan': { args: ['keys', 'set-plan', id, 'standard'] },
    'keys rename': { args: ['keys', 'rename', id, 'renamed'] },
    'keys rotate': { args: ['keys', 'rotate', id, '--grace', '0s'] },
    'keys deactivate': { args: ['keys', 'deactivate', id] },
    'keys activate': { args: ['keys', 'activate', id] },
    'keys revoke': { args: ['keys', 'revoke', id] },
    'plans list': { args: ['plans', 'list'] },
    'ratings evaluate': { args: ['ratings', 'evaluate'] },
    'ratings fit': { args: ['ratings', 'fit', '--from', '1900-01-01', '--until', '2100-01-01'] },
    'live apply': { args: ['live', 'apply'], lines: true, input: '{"update_id": "u1"}\n' },
    'live rejections': { args: ['live', 'rejections'] },
    replay: { args: ['replay', match, '--no-wait'], lines: true },
    backup: { args: ['backup', backup] },
    restore: {
      args: ['restore', backup],
      // Into another database: this test holds the first one open, and a restore refuses a database in use.
      env: { DATABASE_URL: `sqlite:${path.join(tmp.dir, 'restored.db')}` },
    },
    serve: { args: ['serve'], lines: true },
  };
  assert.deepEqual(
    Object.keys(runs).sort(),
    runnableCommands(buildProgram())
      .map((c) => c.path)
      .sort(),
    'a line here for every command of the program, and none for another',
  );

  const outputs: Record<string, unknown> = {};
  for (const [name, run] of Object.entries(runs)) {
    if (name === 'serve') continue;
    const result = await cliOnce(
      [...run.args, '--json'],
      { ...env, ...(run.env as object) },
      {
        input: run.input,
      },
    );
    assert.equal(result.code, 0, `${name}: ${result.stderr}`);
    outputs[name] = parse(result.stdout, run.lines === true);
    assert.deepEqual(controlCharacters(result.stderr), [], `${name}: plain lines on stderr`);
  }

  // Each document has the fields docs/cli.md lists.
  const documented: Record<string, string> = {
    ingest: 'ingest --json',
    'keys create': 'keys create --json',
    'keys rotate': 'keys rotate <key> --json',
    'keys set-plan': 'keys set-plan <key> <plan> --json',
    'keys rename': 'keys rename <key> <name> --json',
    'keys revoke': 'keys revoke <key> --json',
    'keys deactivate': 'keys revoke <key> --json',
    'keys activate': 'keys revoke <key> --json',
    migrate: 'migrate --json',
    backup: 'backup <file> --json',
    restore: 'restore <file> --json',
  };
  for (const [name, heading] of Object.entries(documented)) assertDocumented(outputs[name], heading);
  for (const element of outputs.refresh as Json[]) assertDocumented(element, 'ingest --json');

  // A few of what the new documents say.
  const ingest = outputs.ingest as Json;
  assert.equal(ingest.outcome, 'succeeded');
  assert.equal(typeof ingest.run_id, 'number');
  const refresh = outputs.refresh as Json[];
  assert.deepEqual(
    refresh.map((r) => [r.source, r.location, r.outcome]),
    [['feed', feed, 'succeeded']],
  );
  assert.equal((outputs['keys create'] as Json).plan, 'pro');
  assert.deepEqual(outputs['keys set-plan'], {
    id,
    previous_plan: 'development',
    plan: 'standard',
    changed: true,
  });
  assert.deepEqual(outputs['keys rename'], { id, previous_name: 'json', name: 'renamed' });
  assert.equal((outputs['keys rotate'] as Json).id, id);
  assert.equal((outputs['keys deactivate'] as Json).state, 'subscription-inactive');
  assert.equal((outputs['keys revoke'] as Json).state, 'revoked');
  assert.equal((outputs.backup as Json).file, backup);
  assert.ok(fs.existsSync(backup));
  assert.deepEqual((outputs.restore as Json).migrated, []);
  assert.deepEqual(
    (outputs['live apply'] as Json[]).map((v) => v.outcome),
    ['rejected'],
  );

  // serve --json on a new database: the log, and the first start's key as one of its lines.
  const port = await freePort();
  const server = launchCli(['serve', '--json'], {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${path.join(tmp.dir, 'served.db')}`,
    TOUCHLINE_SOURCES: '',
  });
  t.after(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  await waitForHealth(`http://127.0.0.1:${port}`, server);
  server.child.kill('SIGTERM');
  assert.deepEqual(await exitWithin(server, 15_000), { code: 0, signal: null }, server.output.stderr);
  const logged = parse(server.output.stdout, true) as Json[];
  const announced = logged.filter((line) => typeof line.api_key === 'string');
  assert.equal(announced.length, 1, 'the development key, as one log line');
  assert.match(String(announced[0]!.api_key), /^test_/);
  assert.ok(
    logged.every((line) => !/STREAM_TOKEN_SECRET is not set/.test(String(line.msg))),
    'a development start has no secret to warn about',
  );
});

test('piped, ingest, refresh and backup report progress as plain lines on stderr', async (t) => {
  const bed = await replayBed();
  t.after(() => bed.close());
  const tmp = tempDir('touchline-progress-');
  t.after(() => tmp.cleanup());
  const feed = writeDoc(tmp.dir, 'feed.json', doc([fixture('m1')]));
  const env = { DATABASE_URL: bed.storage.url, TOUCHLINE_SOURCES: `feed=${feed}` };
  const expected: Array<[string[], RegExp]> = [
    [['ingest', 'feed', '--from', feed], /^ingest: reading source\ningest: normalizing records\n/],
    [['refresh', '--force'], /^refresh: reading source\n/m],
    [['backup', path.join(tmp.dir, 'copy.db')], /^backup: copying .*: \d+\/\d+ MiB in [\d.]+ s$/m],
  ];
  for (const [args, progress] of expected) {
    const result = await cliOnce(args, env);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, progress, args.join(' '));
    assert.deepEqual(controlCharacters(result.stderr + result.stdout), [], `${args[0]}: no bar, no escape`);
    // --quiet: none at all.
    if (args[0] !== 'backup') {
      const quiet = await cliOnce([...args, '--quiet'], env);
      assert.equal(quiet.code, 0, quiet.stderr);
      assert.doesNotMatch(quiet.stderr, /reading source/);
    }
  }
});
