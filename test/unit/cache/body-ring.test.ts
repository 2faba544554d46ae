import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BodyRing } from '../../../src/cache/body-ring.js';
import { seededRandom } from '../../support/seeded-random.js';

test('answers are written one after another and read back as views of the region', () => {
  const ring = new BodyRing(100);
  const at = ring.place(15)!;
  assert.equal(at, 0);
  const [before, after] = ring.write(at, ['{"a":"Łó', Buffer.from('dź"}')]);
  assert.equal(Buffer.concat([before!, after!]).toString(), '{"a":"Łódź"}');
  assert.equal(before!.buffer, after!.buffer, 'both parts are views of one region');
  assert.equal(ring.place(5), 15);
});

test('an answer never wraps around the end: it starts the next lap, reclaiming what was there', () => {
  const ring = new BodyRing(100);
  ring.write(ring.place(60)!, ['a'.repeat(60)]);
  ring.write(ring.place(30)!, ['b'.repeat(30)]);
  const at = ring.place(20)!;
  assert.equal(at, 100, 'the 10 bytes left at the end are skipped');
  // Everything starting before 20 in this lap's terms (logical 0..19) is reused: the first answer.
  assert.equal(ring.reclaimedBefore(at, 20), 20);
  const [view] = ring.write(at, ['c'.repeat(20)]);
  assert.equal(view!.toString(), 'c'.repeat(20));
  assert.equal(view!.byteOffset, 0, 'at the start of the region');
  assert.equal(ring.place(101), undefined, 'larger than the ring');
});

test('pinned bytes are never reused while pinned; placements skip over them', () => {
  const ring = new BodyRing(100);
  const first = ring.place(40)!;
  const [pinnedView] = ring.write(first, ['p'.repeat(40)]);
  const release = ring.pin(first, 40);
  ring.write(ring.place(50)!, ['x'.repeat(50)]);
  // The next lap would start on the pinned bytes: it goes past them.
  const at = ring.place(30)!;
  assert.equal(at % 100, 40);
  ring.write(at, ['y'.repeat(30)]);
  assert.equal(pinnedView!.toString(), 'p'.repeat(40));
  // No room anywhere that avoids them.
  assert.equal(ring.place(70), undefined);
  release();
  release();
  assert.equal(ring.pinned, 0, 'a release counts once');
  assert.notEqual(ring.place(70), undefined);
});

test('pins of one region add up', () => {
  const ring = new BodyRing(10);
  ring.write(ring.place(10)!, ['z'.repeat(10)]);
  const one = ring.pin(0, 10);
  const two = ring.pin(0, 10);
  one();
  assert.equal(ring.place(1), undefined);
  two();
  assert.equal(ring.place(1), 10);
});

test('over many random writes and pins, no pinned byte is overwritten and every write fits the region', () => {
  const random = seededRandom(20261125);
  const ring = new BodyRing(4096);
  const pins: { view: Buffer; text: string; release: () => void }[] = [];
  for (let i = 0; i < 20_000; i += 1) {
    const bytes = 1 + Math.floor(random() * 600);
    const at = ring.place(bytes);
    if (at === undefined) {
      pins.shift()?.release();
      continue;
    }
    assert.ok((at % 4096) + bytes <= 4096);
    const text = String.fromCharCode(97 + (i % 26)).repeat(bytes);
    const [view] = ring.write(at, [text]);
    if (random() < 0.05) pins.push({ view: view!, text, release: ring.pin(at, bytes) });
    if (pins.length > 3) pins.shift()!.release();
    for (const pin of pins) assert.equal(pin.view.toString(), pin.text);
  }
});

test('a ring is 1 byte to the largest Buffer', () => {
  assert.throws(() => new BodyRing(0), RangeError);
  assert.throws(() => new BodyRing(Number.POSITIVE_INFINITY), RangeError);
});
