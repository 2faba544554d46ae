import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryResponseCache } from '../../../src/cache/response-cache.js';
import { seededRandom } from '../../support/seeded-random.js';

const entry = (bytes: number, fill = 'x') => ({ before: fill.repeat(bytes), after: null, etag: 'W/"x"' });
/** A request: what the response cache does, a lookup and, on a miss, the answer offered (at once). */
const ask = (cache: MemoryResponseCache, key: string, bytes = 10_000, fill = 'x'): boolean => {
  if (cache.peek(key)) return true;
  void cache.set(key, entry(bytes, fill));
  return false;
};

test('the cache is bounded by bytes as well as entries, evicting the oldest', async () => {
  const cache = new MemoryResponseCache(1000, 100_000);
  for (let i = 0; i < 4; i += 1) ask(cache, `1 k${i}`, 20_000);
  assert.equal(cache.heldBytes, 4 * 20_000);
  assert.equal(cache.size, 4);
  // A hit moves nothing: k0 stays the oldest.
  assert.ok(cache.peek('1 k0'));
  ask(cache, '1 k4', 20_000);
  assert.equal(cache.size, 5, 'fits without evicting');
  // Full: a newcomer asked once is not kept; asked twice, as often as the oldest (k0), it is not either,
  // and k0 goes to the back; asked three times, more often than the oldest now (k1), it is kept.
  ask(cache, '1 k5', 20_000);
  assert.equal(cache.has('1 k5'), false);
  ask(cache, '1 k5', 20_000);
  assert.equal(cache.has('1 k5'), false);
  ask(cache, '1 k5', 20_000);
  assert.ok(cache.peek('1 k5'));
  assert.ok(cache.has('1 k0'));
  assert.equal(cache.has('1 k1'), false, 'the oldest left');
  assert.equal(cache.size, 5);
  assert.equal(cache.heldBytes, 5 * 20_000);
  await cache.set('1 huge', entry(1_000_000));
  assert.equal(cache.peek('1 huge'), undefined, 'an entry larger than the bound is not kept');
  await cache.clear();
  assert.equal(cache.heldBytes, 0);
  assert.equal(cache.size, 0);
});

test('the entry bound evicts the oldest too', () => {
  const cache = new MemoryResponseCache(3, 1 << 20);
  for (let i = 0; i < 3; i += 1) ask(cache, `1 e${i}`, 10);
  for (let n = 0; n < 3; n += 1) ask(cache, '1 hot', 10);
  assert.ok(cache.has('1 hot'));
  assert.equal(cache.has('1 e0'), false);
  assert.equal(cache.size, 3);
});

test('requests spread over far more answers than fit leave the cache steady; a hot answer gets in', () => {
  const random = seededRandom(20261124);
  const cache = new MemoryResponseCache(100, 1 << 20);
  let misses = 0;
  let stored = 0;
  for (let i = 0; i < 50_000; i += 1) {
    const key = `7-1 /matches/${Math.floor(random() * 2000)}`;
    if (ask(cache, key, 10)) continue;
    misses += 1;
    if (cache.has(key)) stored += 1;
  }
  // Without the admission every miss would replace an answer.
  assert.ok(stored < misses / 5, `${stored} of ${misses} misses stored`);
  for (let i = 0; i < 20; i += 1) ask(cache, '7-1 /matches/hot', 10);
  assert.ok(cache.peek('7-1 /matches/hot'), 'an answer asked often displaces a cold one');
});

test('a newer version of an answer replaces the older one, which no request asks again', async () => {
  const cache = new MemoryResponseCache(10, 1 << 20);
  await cache.set('1-5 /matches/a', entry(10));
  await cache.set('1-5 /matches/b', entry(10));
  await cache.set('2-6 /matches/a', entry(20));
  assert.equal(cache.peek('1-5 /matches/a'), undefined);
  assert.equal(cache.peek('2-6 /matches/a')?.before.length, 20);
  assert.ok(cache.peek('1-5 /matches/b'));
  assert.equal(cache.size, 2);
});

test('probes at the same time each read their own entry, full cache or not', async () => {
  const cache = new MemoryResponseCache(10, 1 << 20);
  assert.deepEqual(await Promise.all([cache.probe(), cache.probe(), cache.probe()]), [true, true, true]);
  assert.equal(cache.size, 0);
  for (let i = 0; i < 10; i += 1) for (let n = 0; n < 5; n += 1) ask(cache, `1 hot ${i}`, 10);
  assert.equal(cache.size, 10);
  assert.equal(await cache.probe(), true, 'a probe is stored past the admission');
  assert.equal(cache.size, 10);
});

test('an answer is held as the UTF-8 bytes of its text, and reckoned at them', async () => {
  const cache = new MemoryResponseCache(10, 1 << 20);
  const text = { before: '{"name":"Łódź ', after: '"}', etag: 'W/"t"' };
  await cache.set('1 /teams/a', text);
  const held = cache.peek('1 /teams/a')!;
  assert.deepEqual(held.before, Buffer.from(text.before));
  assert.deepEqual(held.after, Buffer.from(text.after));
  assert.equal(held.etag, text.etag);
  assert.equal(cache.heldBytes, Buffer.byteLength(text.before) + 2);
  // Offered again as bytes (a shared layer's answer, or a newer version), it is held the same way.
  await cache.set('2 /teams/a', held);
  assert.deepEqual(cache.peek('2 /teams/a')?.before, Buffer.from(text.before));
  assert.equal(cache.has('1 /teams/a'), false);
  assert.equal(cache.heldBytes, Buffer.byteLength(text.before) + 2);
});

test('answers come and go in one region: the cache allocates nothing per answer outside the heap', () => {
  const cache = new MemoryResponseCache(50, 64 * 1024);
  const regions = new Set<ArrayBufferLike>();
  for (let i = 0; i < 2000; i += 1) {
    const key = `1 /matches/${i % 400}`;
    if (cache.peek(key)) continue;
    void cache.set(key, {
      before: `{"data":{"id":"${i}","pad":"${'x'.repeat(900)}"},"meta":{"request_id":`,
      after: '}',
      etag: 'W/"e"',
    });
    const held = cache.peek(key);
    if (held) regions.add((held.before as Buffer).buffer);
  }
  assert.equal(regions.size, 1);
  assert.ok(cache.heldBytes <= 64 * 1024);
});

test('what get returns is a copy: the held bytes are reused once evicted, the copy is not', async () => {
  const cache = new MemoryResponseCache(10, 1000);
  await cache.set('1 /a', entry(600));
  const copy = await cache.get('1 /a');
  const borrowed = cache.peek('1 /a')!;
  for (let n = 0; n < 3; n += 1) ask(cache, '1 /b', 600, 'b');
  assert.equal(cache.has('1 /a'), false);
  assert.equal(copy!.before.toString(), 'x'.repeat(600));
  assert.notEqual(borrowed.before.toString(), 'x'.repeat(600), 'the region was reused');
});

test('a pinned answer keeps its bytes after it leaves the cache, until released', async () => {
  const cache = new MemoryResponseCache(10, 1000);
  await cache.set('1 /a', entry(600));
  const held = cache.peek('1 /a')!;
  const release = cache.pin(held)!;
  for (let n = 0; n < 3; n += 1) ask(cache, '1 /b', 300);
  assert.ok(cache.has('1 /b'), 'placed beside the pinned bytes');
  assert.equal(held.before.toString(), 'x'.repeat(600));
  for (let n = 0; n < 3; n += 1) ask(cache, '1 /c', 600);
  assert.equal(cache.has('1 /c'), false, 'no room that avoids the pinned bytes');
  assert.equal(held.before.toString(), 'x'.repeat(600));
  release();
  assert.equal(cache.pinned, 0);
  ask(cache, '1 /c', 600);
  assert.ok(cache.has('1 /c'));
  assert.equal(cache.pin({ before: 'text', after: null, etag: '' }), undefined, 'not the cache’s bytes');
});

test('a hot answer that reaches the front goes to the back, so newcomers asked repeatedly still get in', () => {
  const cache = new MemoryResponseCache(4, 1 << 20);
  for (let n = 0; n < 15; n += 1) ask(cache, '1 hot', 10, 'h');
  for (const name of ['a', 'b', 'c']) for (let n = 0; n < 2; n += 1) ask(cache, `1 ${name}`, 10);
  assert.equal(cache.size, 4);
  ask(cache, '1 d', 10);
  ask(cache, '1 d', 10);
  assert.equal(cache.has('1 d'), false, 'not asked more often than the oldest, the hot answer');
  assert.ok(cache.has('1 hot'), 'written again at the back');
  ask(cache, '1 d', 10);
  assert.ok(cache.has('1 d'), 'asked more often than the oldest now, a');
  assert.equal(cache.has('1 a'), false);
  assert.equal(cache.peek('1 hot')?.before.toString(), 'h'.repeat(10));
  assert.equal(cache.heldBytes, 40);
});
