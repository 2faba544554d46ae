import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryResponseCache } from '../../../src/cache/response-cache.js';
import { seededRandom } from '../../support/seeded-random.js';

const entry = (bytes: number) => ({ before: 'x'.repeat(bytes), after: null, etag: 'W/"x"' });
/** A request: what the fast path does, a lookup and, on a miss, the answer offered. */
const ask = (cache: MemoryResponseCache, key: string, bytes = 10_000): boolean => {
  if (cache.peek(key)) return true;
  cache.setNow(key, entry(bytes));
  return false;
};

test('the cache is bounded by bytes as well as entries, evicting the least recently used', async () => {
  const cache = new MemoryResponseCache(1000, 100_000);
  for (let i = 0; i < 4; i += 1) ask(cache, `1 k${i}`, 20_000);
  // Each entry is reckoned at its bytes plus a little.
  assert.equal(cache.heldBytes, 4 * 20_200);
  assert.equal(cache.size, 4);
  // Full: a newcomer asked twice is asked more often than the oldest (k0, asked once): k0 goes.
  ask(cache, '1 k4', 20_000);
  assert.equal(cache.has('1 k4'), false, 'asked once, as often as what it would evict: not kept');
  ask(cache, '1 k4', 20_000);
  assert.ok(cache.peek('1 k4'));
  assert.equal(cache.peek('1 k0'), undefined);
  assert.equal(cache.size, 4);
  await cache.set('1 huge', entry(1_000_000));
  assert.equal(cache.peek('1 huge'), undefined, 'an entry larger than the bound is not kept');
  await cache.clear();
  assert.equal(cache.heldBytes, 0);
  assert.equal(cache.size, 0);
});

test('requests spread over far more answers than fit leave the cache steady; a hot answer gets in', () => {
  const random = seededRandom(20261124);
  const cache = new MemoryResponseCache(100, Number.POSITIVE_INFINITY);
  let misses = 0;
  let stored = 0;
  for (let i = 0; i < 50_000; i += 1) {
    const key = `7-1 /matches/${Math.floor(random() * 2000)}`;
    if (ask(cache, key, 10)) continue;
    misses += 1;
    if (cache.has(key)) stored += 1;
  }
  // Without the admission every miss would replace an answer (the fast path offers fewer still).
  assert.ok(stored < misses / 5, `${stored} of ${misses} misses stored`);
  for (let i = 0; i < 20; i += 1) ask(cache, '7-1 /matches/hot', 10);
  assert.ok(cache.peek('7-1 /matches/hot'), 'an answer asked often displaces a cold one');
});

test('a newer version of an answer replaces the older one, which no request asks again', async () => {
  const cache = new MemoryResponseCache(10);
  await cache.set('1-5 /matches/a', entry(10));
  await cache.set('1-5 /matches/b', entry(10));
  await cache.set('2-6 /matches/a', entry(20));
  assert.equal(cache.peek('1-5 /matches/a'), undefined);
  assert.equal(cache.peek('2-6 /matches/a')?.before.length, 20);
  assert.ok(cache.peek('1-5 /matches/b'));
  assert.equal(cache.size, 2);
});

test('probes at the same time each read their own entry, full cache or not', async () => {
  const cache = new MemoryResponseCache(10);
  assert.deepEqual(await Promise.all([cache.probe(), cache.probe(), cache.probe()]), [true, true, true]);
  assert.equal(cache.size, 0);
  for (let i = 0; i < 10; i += 1) for (let n = 0; n < 5; n += 1) ask(cache, `1 hot ${i}`, 10);
  assert.equal(cache.size, 10);
  assert.equal(await cache.probe(), true, 'a probe is stored past the admission');
  assert.equal(cache.size, 10);
});

test('an answer is held as the UTF-8 bytes of its text, and reckoned at them', async () => {
  const cache = new MemoryResponseCache(10);
  const text = { before: '{"name":"Łódź ', after: '"}', etag: 'W/"t"' };
  await cache.set('1 /teams/a', text);
  const held = cache.peek('1 /teams/a')!;
  assert.deepEqual(held.before, Buffer.from(text.before));
  assert.deepEqual(held.after, Buffer.from(text.after));
  assert.equal(held.etag, text.etag);
  assert.equal(cache.heldBytes, Buffer.byteLength(text.before) + 2 + 200);
  // Each in memory of its own, not a slice of a slab shared with other allocations.
  assert.equal((held.before as Buffer).buffer.byteLength, Buffer.byteLength(text.before));
  // Offered again as bytes (a shared layer's answer, or a newer version), it is held as it is.
  await cache.set('2 /teams/a', held);
  assert.equal(cache.peek('2 /teams/a'), held);
  assert.equal(cache.heldBytes, Buffer.byteLength(text.before) + 2 + 200);
});
