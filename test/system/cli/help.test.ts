// `--help` of every command and subcommand shows it without running it (not even opening the database
// or reading the configuration), `--version` prints the package's, and a mistyped command or option is a
// usage error (exit 2) suggesting the closest one.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { SOURCE_NAMES } from '../../../src/cli/program/source-names.js';
import { SOURCES } from '../../../src/ingest/sources.js';
import { cliOnce, ROOT } from '../../support/cli.js';
import { helpTree } from '../../support/cli/help-tree.js';

type Result = Awaited<ReturnType<typeof cliOnce>>;

/** Runs the commands a few at a time: each is a Node process compiling TypeScript on two shared cores. */
async function runAll(commands: string[][], env: Record<string, string>): Promise<Result[]> {
  const results: Result[] = [];
  for (let i = 0; i < commands.length; i += 4) {
    results.push(...(await Promise.all(commands.slice(i, i + 4).map((args) => cliOnce(args, env)))));
  }
  return results;
}

/**
 * A database file that is not there (which `migrate`, run, would create) and a configuration no command
 * could run with (a plans file that is not there either): only a command that runs nothing succeeds.
 */
function nowhere(t: TestContext) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-help-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'touchline.db');
  const env = {
    DATABASE_URL: `sqlite:${file}`,
    TOUCHLINE_PLANS_FILE: path.join(dir, 'no-such-plans.json'),
    TOUCHLINE_SOURCES: '',
  };
  return { file, env };
}

test('--help of every command shows its usage and runs nothing', async (t) => {
  const { file, env } = nowhere(t);
  const { entries } = helpTree();
  assert.ok(entries.length >= 13, `every command is found: ${entries.map((e) => e.path.join(' '))}`);
  // The command line, and the command whose usage it must show.
  const asked: Array<[string[], string[]]> = [
    ...entries.map((e): [string[], string[]] => [[...e.path, '--help'], e.path]),
    // --help wherever it stands, and `help <command>`.
    [['migrate', '-h'], ['migrate']],
    [
      ['keys', 'create', '--name', 'x', '--help'],
      ['keys', 'create'],
    ],
    [['ingest', 'openfootball', '--help'], ['ingest']],
    [['help', 'migrate'], ['migrate']],
    [
      ['keys', 'help', 'revoke'],
      ['keys', 'revoke'],
    ],
  ];
  const results = await runAll(
    asked.map(([args]) => args),
    env,
  );
  results.forEach((result, i) => {
    const [args, shown] = asked[i]!;
    assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
    assert.equal(result.stderr, '', args.join(' '));
    assert.ok(
      result.stdout.startsWith(`Usage: touchline ${shown.join(' ')} `),
      `${args.join(' ')} shows the usage of ${shown.join(' ')}: ${result.stdout}`,
    );
  });
  assert.equal(fs.existsSync(file), false, 'no command ran: no database was created');
});

test('touchline alone, --help and help list every command', async (t) => {
  const { env } = nowhere(t);
  const { entries } = helpTree();
  const results = await runAll([[], ['--help'], ['help']], env);
  for (const result of results) {
    assert.equal(result.code, 0, result.stderr);
    for (const entry of entries.filter((e) => e.path.length === 1)) {
      assert.match(result.stdout, new RegExp(`^ {2}${entry.path[0]}\\b`, 'm'));
    }
  }
});

test('--version prints the version of package.json', async (t) => {
  const { env } = nowhere(t);
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  for (const result of await runAll([['--version'], ['-V']], env)) {
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, `${version}\n`);
  }
});

test('a mistyped command or option exits 2 and suggests the closest one', async (t) => {
  const { file, env } = nowhere(t);
  const cases: Array<[string[], string]> = [
    [['kyes', 'list'], 'Did you mean keys?'],
    [['migrat'], 'Did you mean migrate?'],
    [['keys', 'lst'], 'Did you mean list?'],
    [['runs', '--jsn'], 'Did you mean --json?'],
    [['serve', '--worker', '2'], 'Did you mean --workers?'],
  ];
  const results = await runAll(
    cases.map(([args]) => args),
    env,
  );
  results.forEach((result, i) => {
    const [args, suggestion] = cases[i]!;
    assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.equal(result.stdout, '', args.join(' '));
    assert.ok(result.stderr.startsWith('touchline: unknown '), result.stderr);
    assert.ok(result.stderr.includes(suggestion), `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, /Usage: touchline/, 'with the help of the command');
    assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
  });
  assert.equal(fs.existsSync(file), false);
});

test("ingest's help and argument check name exactly the sources there are", () => {
  assert.deepEqual([...SOURCE_NAMES].sort(), Object.keys(SOURCES).sort());
});
