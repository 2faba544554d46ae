// A rotated key: the new secret is the key, the replaced one is the same key until its grace ends and is
// refused as revoked afterwards; a server that trusted the old secret as current sees the rotation within
// KEY_TRUST_MS.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  hashApiKey,
  issueApiKey,
  judgeApiKey,
  rotateSecret,
  type PresentedKey,
} from '../../../src/auth/api-keys.js';
import { KEY_TRUST_MS, KeyDirectory, type KeyStore } from '../../../src/auth/key-directory.js';
import type { ApiKeyRow } from '../../../src/storage/repositories/api-key.repository.js';

const T0 = Date.parse('2026-03-01T12:00:00Z');
const GRACE = 60_000;

/** A store finding a key by either of its secrets, as api-key.repository.ts's lookup does. */
function storeOf(rows: ApiKeyRow[]): KeyStore {
  const byHash = (hash: string) => rows.find((r) => r.key_hash === hash || r.previous_key_hash === hash);
  return { find: byHash, version: async () => rows.length };
}

/** A lookup the synchronous store answers at once. */
function known(directory: KeyDirectory, token: string, now: number): PresentedKey | null {
  const found = directory.find(token, now);
  assert.ok(!(found instanceof Promise));
  return found;
}

function rotated() {
  const issued = issueApiKey('development', 'rotating', new Date(T0 - 1000), undefined, { plan: 'pro' });
  const { key, change } = rotateSecret(issued.row, new Date(T0), GRACE);
  return { oldKey: issued.key, newKey: key, before: issued.row, after: { ...issued.row, ...change } };
}

test('a rotation keeps the key and its plan and gives it a new secret', () => {
  const { oldKey, newKey, before, after } = rotated();
  assert.notEqual(newKey, oldKey);
  assert.equal(after.id, before.id);
  assert.equal(after.plan, 'pro');
  assert.equal(after.key_hash, hashApiKey(newKey));
  assert.equal(after.prefix, newKey.slice(0, 9));
  assert.equal(after.previous_key_hash, hashApiKey(oldKey));
  assert.equal(after.previous_key_expires_at, new Date(T0 + GRACE).toISOString());
  assert.equal(after.rotated_at, new Date(T0).toISOString());
  assert.match(newKey, /^test_[A-Za-z0-9]{32}$/);
});

test('the replaced secret is valid until its grace ends, then revoked; the new one stays valid', () => {
  const { oldKey, newKey, after } = rotated();
  const directory = new KeyDirectory(storeOf([after]));
  const asOld = known(directory, oldKey, T0)!;
  const asNew = known(directory, newKey, T0)!;
  assert.equal(asOld.id, after.id, 'the same key, by its old secret');
  assert.equal(asOld.previous_secret, true);
  assert.equal(asNew.previous_secret, undefined);
  assert.equal(judgeApiKey(oldKey, asOld, 'development', T0 + GRACE - 1), 'valid');
  assert.equal(judgeApiKey(oldKey, asOld, 'development', T0 + GRACE), 'revoked');
  assert.equal(judgeApiKey(newKey, asNew, 'development', T0 + GRACE * 100), 'valid');
  // A revoked key is revoked by either secret.
  const revoked = { ...asNew, revoked_at: new Date(T0).toISOString() };
  assert.equal(judgeApiKey(newKey, revoked, 'development', T0), 'revoked');
});

test('a server that trusted the old secret as current sees the rotation after KEY_TRUST_MS', () => {
  const { oldKey, before, after } = rotated();
  const rows = [before];
  const directory = new KeyDirectory(storeOf(rows));
  assert.equal(known(directory, oldKey, T0)!.previous_secret, undefined);
  rows[0] = { ...after, previous_key_expires_at: new Date(T0).toISOString() }; // rotated with --grace 0s
  assert.equal(
    judgeApiKey(oldKey, known(directory, oldKey, T0 + KEY_TRUST_MS - 1)!, 'development', T0),
    'valid',
  );
  const seen = known(directory, oldKey, T0 + KEY_TRUST_MS)!;
  assert.equal(judgeApiKey(oldKey, seen, 'development', T0 + KEY_TRUST_MS), 'revoked');
});

test('a second rotation drops the first one’s replaced secret', () => {
  const { oldKey, newKey, after } = rotated();
  const again = rotateSecret(after, new Date(T0 + 1000), GRACE);
  const directory = new KeyDirectory(storeOf([{ ...after, ...again.change }]));
  assert.equal(known(directory, oldKey, T0 + 1000), null, 'the first secret is no key any more');
  assert.equal(known(directory, newKey, T0 + 1000)!.previous_secret, true);
  assert.equal(known(directory, again.key, T0 + 1000)!.previous_secret, undefined);
});
