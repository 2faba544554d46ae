import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LiveEvent } from '../../../src/stream/live-event.js';
import { LiveHub } from '../../../src/stream/live-hub.js';

const event = (seq: number, matchId: string, competitionId: string, bytes = 10): LiveEvent => ({
  seq,
  matchId,
  competitionId,
  data: JSON.stringify({ seq, pad: 'x'.repeat(bytes) }),
});

test('each event goes to the streams of its match, of its competition and of every event, once each', () => {
  const hub = new LiveHub();
  hub.start(0);
  const got: Record<string, number[]> = { m: [], c: [], all: [], other: [] };
  const sink = (name: string) => ({ deliver: (e: LiveEvent) => got[name]!.push(e.seq) });
  hub.subscribe({ matchId: 'match_a' }, sink('m'));
  hub.subscribe({ competitionId: 'comp_a' }, sink('c'));
  hub.subscribe({}, sink('all'));
  const remove = hub.subscribe({ matchId: 'match_b' }, sink('other'));
  assert.equal(hub.size, 4);
  hub.publish([event(1, 'match_a', 'comp_a'), event(2, 'match_b', 'comp_a'), event(3, 'match_c', 'comp_b')]);
  remove();
  hub.publish([event(4, 'match_b', 'comp_b'), event(4, 'match_b', 'comp_b')]);
  assert.deepEqual(got, { m: [1], c: [1, 2], all: [1, 2, 3, 4], other: [2] });
  assert.equal(hub.cursor, 4);
  assert.equal(hub.size, 3);
});

test('the hub waits for its cursor, within a bound', async () => {
  const hub = new LiveHub();
  await assert.rejects(hub.ready(20), /not been read/);
  const ready = hub.ready(1000);
  hub.start(7);
  assert.equal(await ready, 7);
});

test('recent events are kept, bounded, for streams that catch up', () => {
  const hub = new LiveHub();
  hub.start(10);
  assert.deepEqual(hub.recentAfter(10, {}, 100), []);
  assert.equal(hub.recentAfter(9, {}, 100), undefined, 'before the start: the log has them');
  for (let seq = 11; seq <= 20; seq += 1)
    hub.publish([event(seq, seq % 2 ? 'match_a' : 'match_b', 'comp_a')]);
  assert.deepEqual(
    hub.recentAfter(15, {}, 100)!.map((e) => e.seq),
    [16, 17, 18, 19, 20],
  );
  assert.deepEqual(
    hub.recentAfter(10, { matchId: 'match_a' }, 3)!.map((e) => e.seq),
    [11, 13, 15],
  );
  // Large events push old ones out of memory (4 MB).
  for (let seq = 21; seq <= 30; seq += 1) hub.publish([event(seq, 'match_a', 'comp_a', 1024 * 1024)]);
  assert.equal(hub.recentAfter(26, {}, 100), undefined, 'three of 1 MB kept, no more');
  assert.deepEqual(
    hub.recentAfter(27, {}, 100)!.map((e) => e.seq),
    [28, 29, 30],
  );
});
