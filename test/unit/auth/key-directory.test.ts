import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashApiKey, issueApiKey, type PresentedKey } from '../../../src/auth/api-keys.js';
import { KEY_TRUST_MS, KeyDirectory, type KeyStore } from '../../../src/auth/key-directory.js';
import type { ApiKeyRow } from '../../../src/storage/repositories/api-key.repository.js';

/** A store of `rows` counting its lookups, synchronous (SQLite-like) or not (a database server). */
function store(rows: ApiKeyRow[], sync: boolean) {
  const calls = { find: 0, version: 0 };
  const byHash = (hash: string) => rows.find((row) => row.key_hash === hash);
  const keys: KeyStore = {
    find: (hash) => {
      calls.find += 1;
      return sync ? byHash(hash) : Promise.resolve(byHash(hash));
    },
    version: async () => {
      calls.version += 1;
      return rows.length;
    },
  };
  return { keys, calls };
}

const issue = () => issueApiKey('development', 'test', new Date());
const made = (n: number) => `test_${String(n).padStart(32, 'x')}`;

test('a known key is trusted for KEY_TRUST_MS, then looked up again', () => {
  const { key, row } = issue();
  const { keys, calls } = store([row], true);
  const directory = new KeyDirectory(keys);
  assert.equal(directory.find(key, 0), row);
  assert.equal(directory.find(key, KEY_TRUST_MS - 1), row);
  assert.equal(calls.find, 1);
  assert.equal(directory.find(key, KEY_TRUST_MS), row);
  assert.equal(calls.find, 2);
});

test('a key read again unchanged keeps the row it had; a changed one is taken as read', () => {
  const { key, row } = issue();
  const stored = [{ ...row }];
  const { keys, calls } = store(stored, true);
  const directory = new KeyDirectory(keys);
  const first = directory.find(key, 0);
  assert.deepEqual(first, row);
  // The database returns a new object at every read: the one remembered is kept while it is the same.
  stored[0] = { ...row };
  assert.equal(directory.find(key, KEY_TRUST_MS), first);
  assert.equal(directory.find(key, 2 * KEY_TRUST_MS - 1), first, 'trusted again from the re-read');
  assert.equal(calls.find, 2);
  stored[0] = { ...row, revoked_at: new Date(0).toISOString() };
  const revoked = directory.find(key, 2 * KEY_TRUST_MS) as PresentedKey | null;
  assert.notEqual(revoked, first);
  assert.equal(revoked?.revoked_at, new Date(0).toISOString());
});

test('an unknown key costs one lookup, however often it is presented', async () => {
  const { keys, calls } = store([], true);
  const directory = new KeyDirectory(keys);
  await directory.refresh();
  for (let i = 0; i < 1000; i += 1) assert.equal(directory.find(made(1), i * 1000), null);
  assert.equal(calls.find, 1);
});

test('unknown keys are forgotten when a key is created, and are bounded', async () => {
  const rows: ApiKeyRow[] = [];
  const { keys, calls } = store(rows, true);
  const directory = new KeyDirectory(keys);
  await directory.refresh();
  const { key, row } = issue();
  assert.equal(directory.find(key, 0), null);
  rows.push(row);
  // Not seen until the number of keys is read again.
  assert.equal(directory.find(key, 1), null);
  await directory.refresh();
  assert.equal(directory.find(key, 2), row);
  // A flood of made-up keys pushes out the oldest, not the memory bound.
  for (let i = 0; i < 60_000; i += 1) directory.find(made(i), 3);
  const before = calls.find;
  directory.find(made(59_999), 4);
  assert.equal(calls.find, before, 'a recent unknown key is still remembered');
  directory.find(made(0), 4);
  assert.equal(calls.find, before + 1, 'the oldest was forgotten');
});

test('a database server: undefined until looked up, then found without waiting and refreshed ahead', async () => {
  const { key, row } = issue();
  const { keys, calls } = store([row], false);
  const directory = new KeyDirectory(keys);
  const now = Date.now();
  const first = directory.find(key, 0);
  assert.ok(first instanceof Promise, 'a promise while the server answers');
  assert.equal(directory.find(key, 0), first, 'requests at once share the one lookup');
  assert.equal(await first, row);
  assert.equal(await directory.find(key, now), row);
  assert.equal(directory.find(key, now), row);
  assert.equal(calls.find, 2);
  await new Promise((resolve) => setTimeout(resolve, 5));
  // In the second half of its trust, a key in use is looked up again in the background.
  assert.equal(directory.find(key, now + KEY_TRUST_MS * 0.75), row);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(calls.find, 3);
  assert.equal(directory.find(key, now + KEY_TRUST_MS), row, 'trusted from the new lookup');
  await directory.refresh();
  assert.equal(await directory.find(made(7), now), null);
  assert.equal(directory.find(made(7), now), null, 'an unknown key is known to be unknown');
  assert.equal(hashApiKey(key), row.key_hash);
});
