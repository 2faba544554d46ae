import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryResponseCache } from '../../../src/cache/response-cache.js';

const entry = (bytes: number) => ({ before: 'x'.repeat(bytes), after: null, etag: 'W/"x"' });

test('the cache is bounded by bytes as well as entries, evicting the least recently used', async () => {
  const cache = new MemoryResponseCache(1000, 100_000);
  for (let i = 0; i < 100; i += 1) await cache.set(`k${i}`, entry(10_000));
  // Each entry is reckoned at twice its text (it is also encoded to bytes) plus a little.
  assert.ok(cache.heldBytes <= 100_000, `${cache.heldBytes} bytes held`);
  assert.equal(cache.size, 4);
  assert.ok(cache.peek('k99'));
  assert.equal(cache.peek('k0'), undefined);
  await cache.set('huge', entry(1_000_000));
  assert.equal(cache.peek('huge'), undefined, 'an entry larger than the bound is not kept');
  await cache.set('k99', entry(1));
  assert.ok(cache.heldBytes < 100_000);
  await cache.clear();
  assert.equal(cache.heldBytes, 0);
});

test('probes at the same time each read their own entry', async () => {
  const cache = new MemoryResponseCache(10);
  assert.deepEqual(await Promise.all([cache.probe(), cache.probe(), cache.probe()]), [true, true, true]);
  assert.equal(cache.size, 0);
});
