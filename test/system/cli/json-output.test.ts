// `--json` of `runs`, `keys list`, `keys usage` and `plans list`: one JSON document on stdout and nothing
// else, with exactly the fields docs/cli.md documents, and numbers as numbers on both engines.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_PLANS } from '../../../src/config/plans.js';
import { billingPeriod } from '../../../src/limits/billing-period.js';
import { insertRun } from '../../../src/storage/repositories/ingestion-run.repository.js';
import { cliOnce } from '../../support/cli.js';
import { openTestStorage } from '../../support/test-database.js';
import { documentedFields } from '../../support/cli/documented-fields.js';

type Json = Record<string, unknown>;

/** Runs `args`, which must succeed with JSON alone on stdout; the parsed document. */
async function json(args: string[], env: Record<string, string>): Promise<unknown> {
  const result = await cliOnce(args, env);
  assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
  assert.equal(result.stderr, '', `${args.join(' ')}: nothing on stderr`);
  return JSON.parse(result.stdout);
}

function assertFields(object: unknown, heading: string, extra: string[] = []): void {
  const { fields, nested } = documentedFields(heading);
  assert.deepEqual(Object.keys(object as Json).sort(), [...fields, ...extra].sort(), heading);
  for (const [field, names] of Object.entries(nested)) {
    for (const element of (object as Record<string, Json[]>)[field]!) {
      assert.deepEqual(Object.keys(element).sort(), [...names].sort(), `${heading}: ${field}`);
    }
  }
}

test('--json outputs hold the documented fields', async (t) => {
  const storage = await openTestStorage('json.db');
  t.after(() => storage.close());
  const env = { DATABASE_URL: storage.url, TOUCHLINE_SOURCES: '' };
  const started = '2026-01-02T03:04:05.000Z';
  const counts = { records_seen: 3, inserted: 1, updated: 0, unchanged: 1, rejected: 1 };
  const okId = await insertRun(
    storage.db,
    {
      source: 'openfootball',
      location: '/data/football.json',
      sha256: 'ab'.repeat(32),
      bytes: 1234,
      started_at: started,
      finished_at: started,
      outcome: 'succeeded',
      error: null,
      ...counts,
    },
    [{ uri: 'en.1.json', sha256: 'cd'.repeat(32), bytes: 1234, retrieved_at: started, ...counts }],
    [{ artifact_uri: 'en.1.json', record_ref: 'match 3', reason: 'invalid date' }],
  );
  const failedId = await insertRun(storage.db, {
    source: 'fjelstul',
    location: '/nowhere',
    sha256: null,
    bytes: null,
    started_at: started,
    finished_at: null,
    outcome: 'failed',
    error: 'no such folder',
    records_seen: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
  });

  const runs = (await json(['runs', '--json'], env)) as Json[];
  assert.deepEqual(
    runs.map((r) => r.id),
    [failedId, okId],
    'newest first, ids as numbers',
  );
  for (const run of runs) assertFields(run, 'runs --json');
  assert.equal(runs[1]!.bytes, 1234);
  assert.equal(runs[0]!.error, 'no such folder');
  assert.equal(runs[0]!.bytes, null);

  const detail = (await json(['runs', String(okId), '--json'], env)) as Json;
  assertFields(detail, 'runs <id> --json', documentedFields('runs --json').fields);
  assert.deepEqual(detail.rejections, [
    { artifact_uri: 'en.1.json', record_ref: 'match 3', reason: 'invalid date' },
  ]);
  assert.equal((detail.artifacts as Json[])[0]!.bytes, 1234);
  const missing = await cliOnce(['runs', '999999', '--json'], env);
  assert.equal(missing.code, 1, missing.stderr);
  assert.equal(missing.stdout, '');

  const created = await cliOnce(
    ['keys', 'create', '--name', 'json', '--plan', 'pro', '--billing-anchor-day', '5'],
    env,
  );
  assert.equal(created.code, 0, created.stderr);
  const id = /created (key_\w+)/.exec(created.stderr)![1]!;
  assert.equal((await cliOnce(['keys', 'deactivate', id], env)).code, 0);

  const keys = (await json(['keys', 'list', '--json'], env)) as Json[];
  assert.equal(keys.length, 1);
  assertFields(keys[0], 'keys list --json');
  const period = billingPeriod(new Date(), 5);
  assert.deepEqual(
    { ...keys[0], created_at: undefined },
    {
      id,
      name: 'json',
      prefix: keys[0]!.prefix,
      environment: 'development',
      plan: 'pro',
      state: 'subscription-inactive',
      subscription_active: false,
      billing_anchor_day: 5,
      created_at: undefined,
      expires_at: null,
      revoked_at: null,
      rotated_at: null,
      previous_key_expires_at: null,
      period_start: period.start.toISOString(),
      period_end: period.end.toISOString(),
      used: 0,
      limit: 3_000_000,
      remaining: 3_000_000,
    },
  );
  assert.ok(created.stdout.startsWith(keys[0]!.prefix as string), 'the prefix is the start of the key');
  assert.ok(!JSON.stringify(keys).includes(created.stdout.trim()), 'never the key itself');

  // By the key itself as well as by its id.
  for (const ref of [id, created.stdout.trim()]) {
    const usage = (await json(['keys', 'usage', ref, '--json'], env)) as Json;
    assertFields(usage, 'keys usage <key> --json');
    assert.equal(usage.key_id, id);
    assert.equal(usage.used, 0);
    assert.equal(usage.limit, 3_000_000);
    assert.equal(usage.remaining, 3_000_000);
    assert.equal(usage.plan_offered, true);
    assert.equal(new Date(usage.period_start as string).getUTCDate(), 5);
    assert.ok((usage.resets_in_seconds as number) > 0);
  }

  const plans = (await json(['plans', 'list', '--json'], env)) as Json[];
  for (const plan of plans) assertFields(plan, 'plans list --json');
  assert.deepEqual(
    plans,
    DEFAULT_PLANS.map((p) => ({
      name: p.name,
      requests_per_minute: p.requestsPerMinute,
      requests_per_period: p.requestsPerPeriod,
      description: p.description,
    })),
  );
});

test('--json with no rows prints an empty array', async (t) => {
  const storage = await openTestStorage('json-empty.db');
  t.after(() => storage.close());
  const env = { DATABASE_URL: storage.url };
  assert.deepEqual(await json(['runs', '--json'], env), []);
  assert.deepEqual(await json(['keys', 'list', '--json'], env), []);
});
