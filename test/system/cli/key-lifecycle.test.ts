// `keys set-plan`, `keys rename`, `keys rotate` and `keys list` with usage, on the stored rows, and what
// they refuse: an unknown key (exit 1), an unknown plan or a blank name (exit 2), a revoked key to rotate
// (exit 1, no secret printed). A running server seeing the changes: test/system/e2e/key-changes-served.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashApiKey } from '../../../src/auth/api-keys.js';
import { billingPeriod } from '../../../src/limits/billing-period.js';
import { findApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import { addUsage } from '../../../src/storage/repositories/key-usage.repository.js';
import { cliOnce } from '../../support/cli.js';
import { openTestStorage } from '../../support/test-database.js';

type Result = Awaited<ReturnType<typeof cliOnce>>;
const STACK = /\n\s+at /;

function refused(result: Result, code: number, message: RegExp, what: string): void {
  assert.equal(result.code, code, `${what}: ${result.stderr}`);
  assert.equal(result.stdout, '', `${what}: nothing on stdout`);
  assert.match(result.stderr, message, what);
  assert.doesNotMatch(result.stderr, STACK, what);
}

test('keys set-plan, rename, rotate and list with usage', { timeout: 120_000 }, async (t) => {
  const storage = await openTestStorage('key-lifecycle.db');
  t.after(() => storage.close());
  const env = { DATABASE_URL: storage.url, TOUCHLINE_SOURCES: '' };
  const created = await cliOnce(['keys', 'create', '--name', 'first', '--plan', 'free'], env);
  assert.equal(created.code, 0, created.stderr);
  const secret = created.stdout.trim();
  const id = /created (key_\w+)/.exec(created.stderr)![1]!;
  const period = billingPeriod(new Date(), null);
  await addUsage(storage.db, {
    deltas: [{ keyId: id, periodStart: period.start.toISOString(), count: 7 }],
    slots: [],
    windowStart: 0,
    now: new Date().toISOString(),
  });

  const [moved, renamed, listed] = await Promise.all([
    cliOnce(['keys', 'set-plan', id, 'standard'], env),
    cliOnce(['keys', 'rename', secret, 'mobile app'], env),
    cliOnce(['keys', 'list'], env),
  ]);
  assert.equal(moved.code, 0, moved.stderr);
  assert.match(moved.stdout, new RegExp(`^keys: ${id} moved from plan free to standard;`));
  assert.equal(renamed.code, 0, renamed.stderr);
  assert.equal(renamed.stdout, `keys: ${id} renamed from "first" to "mobile app"\n`);
  assert.equal(listed.code, 0, listed.stderr);
  const fields = listed.stdout.trim().split('\t');
  assert.equal(fields[0], id);
  assert.match(fields[5]!, /^used 7 of (3000|300000), remaining (2993|299993)$/, 'this period’s use');
  let row = (await findApiKey(storage.db, id))!;
  assert.deepEqual([row.plan, row.name], ['standard', 'mobile app']);

  const rotation = await cliOnce(['keys', 'rotate', id], env);
  assert.equal(rotation.code, 0, rotation.stderr);
  assert.match(rotation.stdout, /^test_[A-Za-z0-9]{32}\n$/, 'the new secret alone on stdout');
  const rotated = rotation.stdout.trim();
  row = (await findApiKey(storage.db, id))!;
  assert.equal(row.key_hash, hashApiKey(rotated));
  assert.equal(row.previous_key_hash, hashApiKey(secret));
  const grace = Date.parse(row.previous_key_expires_at!) - Date.parse(row.rotated_at!);
  assert.equal(grace, 24 * 3_600_000, 'a grace of 24h by default');
  assert.match(rotation.stderr, new RegExp(`previous key works until ${row.previous_key_expires_at}`));

  // The same key by either secret, with the same count; the JSON list says so too, and shows no secret.
  const [byNew, byOld, json] = await Promise.all([
    cliOnce(['keys', 'usage', rotated, '--json'], env),
    cliOnce(['keys', 'usage', secret, '--json'], env),
    cliOnce(['keys', 'list', '--json'], env),
  ]);
  for (const usage of [byNew, byOld]) {
    assert.equal(usage.code, 0, usage.stderr);
    assert.deepEqual(
      (({ key_id, plan, used, limit, remaining }) => ({ key_id, plan, used, limit, remaining }))(
        JSON.parse(usage.stdout) as Record<string, unknown>,
      ),
      { key_id: id, plan: 'standard', used: 7, limit: 300_000, remaining: 299_993 },
    );
  }
  assert.equal(json.code, 0, json.stderr);
  for (const text of [secret, rotated, row.key_hash, row.previous_key_hash!]) {
    assert.ok(!json.stdout.includes(text), 'no secret or hash listed');
  }
  const [listedRow] = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
  assert.deepEqual(
    {
      prefix: listedRow!.prefix,
      rotated_at: listedRow!.rotated_at,
      previous_key_expires_at: listedRow!.previous_key_expires_at,
      used: listedRow!.used,
      remaining: listedRow!.remaining,
      period_start: listedRow!.period_start,
    },
    {
      prefix: rotated.slice(0, 9),
      rotated_at: row.rotated_at,
      previous_key_expires_at: row.previous_key_expires_at,
      used: 7,
      remaining: 299_993,
      period_start: period.start.toISOString(),
    },
  );

  // What is refused changes nothing.
  const unchanged = (await findApiKey(storage.db, id))!;
  const results = await Promise.all([
    cliOnce(['keys', 'set-plan', 'key_nosuchkey0000', 'pro'], env),
    cliOnce(['keys', 'set-plan', id, 'platinum'], env),
    cliOnce(['keys', 'rename', 'key_nosuchkey0000', 'x'], env),
    cliOnce(['keys', 'rename', id, '   '], env),
  ]);
  refused(results[0]!, 1, /^touchline: no key with id key_nosuchkey0000\n$/, 'set-plan of an unknown key');
  refused(results[1]!, 2, /unknown plan "platinum" \(see touchline plans list\)/, 'an unknown plan');
  refused(results[2]!, 1, /no key with id key_nosuchkey0000/, 'rename of an unknown key');
  refused(results[3]!, 2, /A key needs a name that is not blank/, 'a blank name');
  const more = await Promise.all([
    cliOnce(['keys', 'rotate', 'key_nosuchkey0000'], env),
    cliOnce(['keys', 'rotate', id, '--grace', '10x'], env),
    cliOnce(['keys', 'rotate', `test_${'x'.repeat(32)}`], env),
  ]);
  refused(more[0]!, 1, /no key with id key_nosuchkey0000/, 'rotate of an unknown key');
  refused(more[1]!, 2, /It needs a duration such as 30s, 10m or 1h/, 'a bad grace');
  refused(more[2]!, 1, /no key matches the given key/, 'rotate by an unknown secret');
  assert.deepEqual(await findApiKey(storage.db, id), unchanged);

  const revoke = await cliOnce(['keys', 'revoke', id], env);
  assert.equal(revoke.code, 0, revoke.stderr);
  const revoked = (await findApiKey(storage.db, id))!;
  refused(
    await cliOnce(['keys', 'rotate', id], env),
    1,
    new RegExp(`${id} is revoked, so it cannot be rotated; create a new key`),
    'rotate of a revoked key',
  );
  assert.deepEqual(await findApiKey(storage.db, id), revoked, 'a revoked key keeps its secrets');
});
