// The cluster's live bus without processes: the primary's side (LivePrimary) and two workers' sides
// (WorkerLive), joined by channels that carry messages as IPC does (serialized, asynchronously, in order).
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { IPC_TIMEOUT_MS } from '../../../src/stream/cluster-wire.js';
import type { LiveEvent } from '../../../src/stream/live-event.js';
import { LiveHub } from '../../../src/stream/live-hub.js';
import { LivePrimary, type WorkerChannel } from '../../../src/stream/live-primary.js';
import { WorkerLive, type PrimaryLink } from '../../../src/stream/worker-live.js';

/** A worker process as the primary and the worker each see it, with IPC's copying and ordering. */
function channelPair(): { toWorker: WorkerChannel & { exit(): void }; toPrimary: PrimaryLink } {
  const atPrimary = new EventEmitter();
  const atWorker = new EventEmitter();
  const carry = (to: EventEmitter, message: unknown) =>
    setImmediate(() => to.emit('message', JSON.parse(JSON.stringify(message))));
  return {
    toWorker: {
      send: (message) => carry(atWorker, message),
      on: (event: string, listener: (...args: unknown[]) => void) => atPrimary.on(event, listener),
      exit: () => atPrimary.emit('exit'),
    } as WorkerChannel & { exit(): void },
    toPrimary: {
      send: (message, _handle, _options, callback) => {
        carry(atPrimary, message);
        callback?.(null);
        return true;
      },
      on: (event, listener) => atWorker.on(event, listener),
      off: (event, listener) => atWorker.off(event, listener),
    },
  };
}

const event = (seq: number, matchId = 'match_a', competitionId = 'comp_a'): LiveEvent => ({
  seq,
  matchId,
  competitionId,
  data: JSON.stringify({ seq }),
});

/** A hub's events as a subscriber of every event receives them. */
function received(hub: LiveHub): number[] {
  const seqs: number[] = [];
  hub.subscribe({}, { deliver: (e) => seqs.push(e.seq) });
  return seqs;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

function worker(primary: LivePrimary) {
  const { toWorker, toPrimary } = channelPair();
  primary.serve(toWorker);
  const hub = new LiveHub();
  const side = new WorkerLive(toPrimary, hub);
  return { hub, side, exit: () => toWorker.exit(), seqs: received(hub) };
}

test('the primary tells each worker where the log stands, then sends it every event', async () => {
  let wakes = 0;
  const primary = new LivePrimary({ wake: () => (wakes += 1), holdsSlots: true });
  const one = worker(primary);
  const two = worker(primary);
  await tick();
  assert.equal(one.hub.cursor, undefined, 'no cursor before the log was read');
  primary.start(5);
  assert.deepEqual(await Promise.all([one.hub.ready(1000), two.hub.ready(1000)]), [5, 5]);

  primary.publish([event(6), event(7, 'match_b')]);
  await tick();
  assert.deepEqual(one.seqs, [6, 7]);
  assert.deepEqual(two.seqs, [6, 7]);
  assert.equal(two.hub.cursor, 7);

  // A worker started later (one replaced after a crash) starts from the primary's cursor.
  const late = worker(primary);
  assert.equal(await late.hub.ready(1000), 7);
  primary.publish([event(8)]);
  await tick();
  assert.deepEqual(late.seqs, [8]);
  assert.deepEqual(one.seqs, [6, 7, 8]);

  // Updates applied in a worker wake the primary's reader.
  one.side.wake();
  two.side.wake();
  await tick();
  assert.equal(wakes, 2);
  for (const w of [one, two, late]) w.side.close();
});

test('stream slots are counted at the primary for every worker, and a worker that exits frees its own', async () => {
  const primary = new LivePrimary({ wake: () => undefined, holdsSlots: true });
  const one = worker(primary);
  const two = worker(primary);
  const a = await one.side.slots.acquire('key_1', 2);
  const b = await two.side.slots.acquire('key_1', 2);
  assert.ok(a && b, 'two slots of two');
  assert.equal(await one.side.slots.acquire('key_1', 2), undefined, 'a third refused, whichever worker asks');
  assert.ok(await one.side.slots.acquire('key_2', 2), 'another key counts on its own');
  b!();
  b!();
  await tick();
  const c = await one.side.slots.acquire('key_1', 2);
  assert.ok(c, 'released once, however often called');
  assert.equal(await two.side.slots.acquire('key_1', 2), undefined);
  one.exit();
  assert.ok(await two.side.slots.acquire('key_1', 2), 'the exited worker’s slots are free');
  assert.ok(await two.side.slots.acquire('key_1', 2));
  one.side.close();
  two.side.close();
});

test('a slot check the primary does not answer fails in bounded time', async () => {
  const hub = new LiveHub();
  const silent: PrimaryLink = {
    send: (_message, _handle, _options, callback) => {
      callback?.(null);
      return true;
    },
    on: () => undefined,
    off: () => undefined,
  };
  const side = new WorkerLive(silent, hub);
  const started = Date.now();
  await assert.rejects(side.slots.acquire('key_1', 1), /did not answer/);
  assert.ok(Date.now() - started < IPC_TIMEOUT_MS + 1000);
  const closed = new WorkerLive({ on: () => undefined, off: () => undefined }, hub);
  await assert.rejects(closed.slots.acquire('key_1', 1), /no IPC channel/);
  side.close();
  closed.close();
});
