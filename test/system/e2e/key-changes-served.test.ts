// `keys set-plan` and `keys rotate` reach a running `touchline serve` without a restart, within the bound
// docs/api.md gives (KEY_TRUST_MS): the new plan's limits, the new secret at once, the old secret for its
// grace period then refused as revoked, and one set of counts for the key throughout. On both engines.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KEY_TRUST_MS } from '../../../src/auth/key-directory.js';
import { cliOnce, freePort, runCli, waitForHealth } from '../../support/cli.js';
import { openTestStorage } from '../../support/test-database.js';

const GRACE_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test(
  'plan changes and rotations reach a running server within KEY_TRUST_MS',
  { timeout: 120_000 },
  async (t) => {
    const storage = await openTestStorage('key-changes.db');
    t.after(() => storage.close());
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: storage.url,
      TOUCHLINE_SOURCES: '',
      LOG_LEVEL: 'warn',
    };
    const created = await cliOnce(['keys', 'create', '--plan', 'free', '--name', 'changing'], env);
    assert.equal(created.code, 0, created.stderr);
    const oldKey = created.stdout.trim();
    const id = /created (key_\w+)/.exec(created.stderr)![1]!;
    const server = runCli(t, ['serve'], env);
    await waitForHealth(base, server);

    const ask = async (key: string) => {
      const res = await fetch(`${base}/api/v1/football/competitions`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const body = (await res.json()) as { error?: { code: string; details: { reason: string } } };
      return {
        status: res.status,
        rate: Number(res.headers.get('x-ratelimit-limit')),
        quotaRemaining: Number(res.headers.get('x-quota-remaining')),
        reason: body.error?.details.reason,
      };
    };

    const onFree = await ask(oldKey);
    assert.deepEqual([onFree.status, onFree.rate], [200, 30], 'the free plan: 30 a minute');

    const moved = await cliOnce(['keys', 'set-plan', id, 'pro'], env);
    assert.equal(moved.code, 0, moved.stderr);
    assert.match(
      moved.stdout,
      new RegExp(
        `^keys: ${id} moved from plan free to pro; running servers apply it within ${KEY_TRUST_MS} ms\\n$`,
      ),
    );
    await sleep(KEY_TRUST_MS + 50);
    const onPro = await ask(oldKey);
    assert.deepEqual([onPro.status, onPro.rate], [200, 1200], 'the pro plan applies within KEY_TRUST_MS');
    // Counted requests stay counted: the new quota is spent from the count, not started afresh. (Exact
    // figures are estimates with leases, docs/api.md; their order is not.)
    assert.ok(onPro.quotaRemaining < 3_000_000 - 1, `the count carried over: ${onPro.quotaRemaining}`);

    const rotation = await cliOnce(['keys', 'rotate', id, '--grace', `${GRACE_MS / 1000}s`], env);
    const rotatedAt = Date.now();
    assert.equal(rotation.code, 0, rotation.stderr);
    const newKey = rotation.stdout.trim();
    assert.match(rotation.stdout, /^test_[A-Za-z0-9]{32}\n$/);
    assert.match(rotation.stderr, /the previous key works until \S+, then is refused as revoked/i);

    // The new secret at once, as the same key: its count goes on from the old secret's.
    const byNew = await ask(newKey);
    assert.deepEqual([byNew.status, byNew.rate], [200, 1200]);
    assert.ok(byNew.quotaRemaining < onPro.quotaRemaining, 'one count for both secrets');
    const byOld = await ask(oldKey);
    assert.equal(byOld.status, 200, 'the old secret within its grace');
    assert.ok(byOld.quotaRemaining < byNew.quotaRemaining);

    await sleep(rotatedAt + GRACE_MS + KEY_TRUST_MS + 50 - Date.now());
    const late = await ask(oldKey);
    assert.deepEqual([late.status, late.reason], [401, 'revoked'], 'the old secret after its grace');
    const still = await ask(newKey);
    assert.equal(still.status, 200);
    assert.ok(still.quotaRemaining < byOld.quotaRemaining);

    const list = await cliOnce(['keys', 'list', '--json'], env);
    assert.equal(list.code, 0, list.stderr);
    assert.ok(!list.stdout.includes(newKey) && !list.stdout.includes(oldKey), 'no secret listed');
    const [row] = JSON.parse(list.stdout) as Array<Record<string, unknown>>;
    assert.equal(row!.id, id);
    assert.equal(row!.prefix, newKey.slice(0, 9));
    assert.equal(row!.plan, 'pro');
  },
);
