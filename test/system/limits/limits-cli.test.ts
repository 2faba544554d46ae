// The plan-related CLI: `plans list`, TOUCHLINE_PLANS_FILE validation (exit 1 naming the variable) and
// `keys create --plan` with an unknown plan (exit 2).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { ConfigError } from '../../../src/config/config-error.js';
import { DEFAULT_PLANS, parsePlans } from '../../../src/config/plans.js';
import { migrateDatabase, touchline, writePlansFile } from '../../support/limits/cli.js';
import { PLANS } from '../../support/limits/limits-env.js';

const STACK = /\n\s+at /;

function tempDir(t: Pick<TestContext, 'after'>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-plans-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { dir, DATABASE_URL: `sqlite:${path.join(dir, 'cli.db')}` };
}

test('plans list prints the built-in plans, or those of TOUCHLINE_PLANS_FILE', async (t) => {
  const { dir, DATABASE_URL } = tempDir(t);
  const TOUCHLINE_PLANS_FILE = writePlansFile(dir, PLANS);
  const [builtIn, custom] = await Promise.all([
    touchline(['plans', 'list'], { DATABASE_URL }),
    touchline(['plans', 'list'], { DATABASE_URL, TOUCHLINE_PLANS_FILE }),
  ]);
  assert.equal(builtIn.code, 0, builtIn.stderr);
  const lines = builtIn.stdout.trim().split('\n');
  assert.equal(lines[0], 'plan\trequests/minute\trequests/billing period\tdescription');
  assert.deepEqual(
    lines.slice(1),
    DEFAULT_PLANS.map((p) => `${p.name}\t${p.requestsPerMinute}\t${p.requestsPerPeriod}\t${p.description}`),
  );
  assert.match(builtIn.stdout, /^free\t30\t3000\t/m);
  assert.equal(custom.code, 0, custom.stderr);
  assert.deepEqual(custom.stdout.trim().split('\n').slice(1), [
    'tiny\t3\t1000\t3 per minute',
    'five\t5\t1000\t5 per minute',
    'metered\t1000\t6\t6 per period',
  ]);
});

const BAD_FILES: Record<string, string> = {
  'not JSON': '[{"name": "x",',
  'an empty list': '[]',
  'an object': '{"name": "x", "requests_per_minute": 1, "requests_per_period": 1}',
  'a zero rate': '[{"name": "x", "requests_per_minute": 0, "requests_per_period": 10}]',
  'a string quota': '[{"name": "x", "requests_per_minute": 5, "requests_per_period": "10"}]',
  'a fractional rate': '[{"name": "x", "requests_per_minute": 1.5, "requests_per_period": 10}]',
  'a bad name': '[{"name": "Pro Plan", "requests_per_minute": 5, "requests_per_period": 10}]',
  'a duplicate name': JSON.stringify([
    { name: 'x', requests_per_minute: 5, requests_per_period: 10 },
    { name: 'x', requests_per_minute: 6, requests_per_period: 10 },
  ]),
};

test('parsePlans refuses bad values, naming TOUCHLINE_PLANS_FILE', () => {
  for (const [what, text] of Object.entries(BAD_FILES)) {
    if (what === 'not JSON') continue;
    assert.throws(
      () => parsePlans(JSON.parse(text)),
      (error: unknown) => error instanceof ConfigError && /TOUCHLINE_PLANS_FILE/.test(error.message),
      what,
    );
  }
  assert.throws(() => parsePlans([null]), ConfigError, 'a null entry');
});

test('a bad TOUCHLINE_PLANS_FILE makes commands exit 1, naming the variable', async (t) => {
  // Every bad value is covered by parsePlans above; through the CLI, one of each kind of failure.
  const { dir, DATABASE_URL } = tempDir(t);
  const file = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  const cases: Array<[string[], string]> = [
    [['plans', 'list'], file('not-json.json', BAD_FILES['not JSON']!)],
    [['plans', 'list'], file('zero-rate.json', BAD_FILES['a zero rate']!)],
    [['serve'], file('duplicate.json', BAD_FILES['a duplicate name']!)],
    [['keys', 'list'], path.join(dir, 'nowhere.json')],
  ];
  await Promise.all(
    cases.map(async ([args, TOUCHLINE_PLANS_FILE]) => {
      const result = await touchline(args, { DATABASE_URL, TOUCHLINE_PLANS_FILE, PORT: '0' });
      const what = `${args.join(' ')} with ${path.basename(TOUCHLINE_PLANS_FILE)}`;
      assert.equal(result.code, 1, `${what}: ${result.stderr}`);
      assert.match(result.stderr, /invalid configuration: TOUCHLINE_PLANS_FILE/, what);
      assert.doesNotMatch(result.stderr, STACK, `${what}: no stack trace`);
      assert.equal(result.stdout, '', what);
    }),
  );
  assert.equal(fs.existsSync(path.join(dir, 'cli.db')), false, 'no command got as far as the database');
});

test('keys create --plan: an unknown plan exits 2, a known one is recorded', async (t) => {
  const { dir } = tempDir(t);
  const TOUCHLINE_PLANS_FILE = writePlansFile(dir, PLANS);
  const db = (name: string) => `sqlite:${path.join(dir, name)}`;
  // Separate databases, created first: only `migrate` and `serve` create one.
  await Promise.all(['a.db', 'b.db', 'c.db', 'd.db'].map((name) => migrateDatabase(db(name))));
  const [nope, builtInOnly, noPlan, builtInDefault] = await Promise.all([
    touchline(['keys', 'create', '--plan', 'nope'], { DATABASE_URL: db('a.db') }),
    touchline(['keys', 'create', '--plan', 'free'], { DATABASE_URL: db('b.db'), TOUCHLINE_PLANS_FILE }),
    // Without --plan the key would get the default (development) plan, which this file does not offer.
    touchline(['keys', 'create'], { DATABASE_URL: db('c.db'), TOUCHLINE_PLANS_FILE }),
    touchline(['keys', 'create'], { DATABASE_URL: db('d.db') }),
  ]);
  for (const [result, message] of [
    [nope, 'unknown plan "nope"'],
    [builtInOnly, 'unknown plan "free"'],
    [noPlan, 'default plan "development" is not offered'],
  ] as const) {
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, new RegExp(message));
    assert.equal(result.stdout, '', 'no key printed');
  }
  assert.equal(builtInDefault.code, 0, builtInDefault.stderr);
  assert.match(builtInDefault.stderr, /on plan development;/);

  const env = { DATABASE_URL: db('a.db'), TOUCHLINE_PLANS_FILE };
  const ok = await touchline(['keys', 'create', '--plan', 'metered', '--name', 'm'], env);
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, /^test_\w+\n$/);
  assert.match(ok.stderr, /on plan metered/);
  const list = await touchline(['keys', 'list'], env);
  assert.deepEqual(
    list.stdout
      .trim()
      .split('\n')
      .map((row) => row.split('\t')[3]),
    ['metered'],
    'only the known plan made a key',
  );
});
