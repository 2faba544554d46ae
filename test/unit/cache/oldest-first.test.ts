import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OldestFirst } from '../../../src/cache/oldest-first.js';
import { seededRandom } from '../../support/seeded-random.js';

test('the oldest key first, as entries are added, deleted, moved to the end and cleared', () => {
  const map = new Map<string, number>();
  const oldest = new OldestFirst(map);
  assert.equal(oldest.next(), undefined, 'an empty map has none');
  for (const key of ['a', 'b', 'c', 'd']) map.set(key, 0);
  assert.equal(oldest.next(), 'a');
  map.delete('a');
  map.delete('c');
  // b is touched: it moves behind d.
  map.delete('b');
  map.set('b', 1);
  assert.equal(oldest.next(), 'd');
  map.delete('d');
  assert.equal(oldest.next(), 'b');
  map.clear();
  assert.equal(oldest.next(), undefined);
  map.set('e', 2);
  assert.equal(oldest.next(), 'e', 'after the end, it starts again from the front');
});

test('a bounded map evicting with it keeps the newest keys, as a model does (property)', () => {
  const random = seededRandom(20261124);
  for (let run = 0; run < 20; run += 1) {
    const bound = 1 + Math.floor(random() * 50);
    const set = new Set<number>();
    const oldest = new OldestFirst(set);
    let model: number[] = [];
    for (let step = 0; step < 2000; step += 1) {
      const key = Math.floor(random() * 200);
      if (random() < 0.2) {
        set.delete(key);
        model = model.filter((k) => k !== key);
        continue;
      }
      set.delete(key);
      model = model.filter((k) => k !== key);
      if (set.size >= bound) {
        const evicted = oldest.next()!;
        assert.equal(evicted, model[0]);
        set.delete(evicted);
        model.shift();
      }
      set.add(key);
      model.push(key);
      assert.deepEqual([...set], model);
    }
  }
});

test('peek finds the oldest key without passing it, and again after a key it found moves (property)', () => {
  const random = seededRandom(20261125);
  for (let run = 0; run < 20; run += 1) {
    const map = new Map<number, number>();
    const oldest = new OldestFirst(map);
    let model: number[] = [];
    for (let step = 0; step < 2000; step += 1) {
      const key = Math.floor(random() * 60);
      const roll = random();
      if (roll < 0.3) {
        // Looked at, and kept: as a cache does when it declines a newcomer.
        assert.equal(oldest.peek(), model[0]);
      } else if (roll < 0.5 && map.has(key)) {
        // Touched: it moves to the end.
        map.delete(key);
        oldest.moved(key);
        map.set(key, step);
        model = [...model.filter((k) => k !== key), key];
      } else if (roll < 0.6 && model.length > 0) {
        assert.equal(oldest.next(), model[0]);
        map.delete(model[0]!);
        oldest.moved(model[0]!);
        model.shift();
      } else if (!map.has(key)) {
        map.set(key, step);
        model.push(key);
      }
    }
  }
});
