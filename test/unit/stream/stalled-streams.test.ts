// What a stream holds for a client that stops reading, in bytes: many stalled streams catching up on
// large events from the log hold their buffers, not pages of events read back (a page of 200 events
// held by each stalled stream ran the workers out of heap).
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sseFrame, type LiveEvent } from '../../../src/stream/live-event.js';
import { SseStream } from '../../../src/stream/sse-stream.js';
import { waitUntil } from '../../support/wait-until.js';

const BUFFER_BYTES = 64 * 1024;
const EVENT_COUNT = 100;
const BLOB = 50_000;
const STREAMS = 40;

/** The log as the database gives it: each read makes new objects, as rows parsed again would. */
async function readLog(after: number, limit: number): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for (let seq = after + 1; seq <= EVENT_COUNT && events.length < limit; seq += 1) {
    events.push({
      seq,
      matchId: 'm',
      competitionId: 'c',
      data: JSON.stringify({ seq, blob: 'x'.repeat(BLOB) }),
    });
  }
  return events;
}
const FRAMES = (await readLog(0, EVENT_COUNT)).map((event) => sseFrame(event).length);
const FRAME_BYTES = Math.max(...FRAMES);
const ALL_BYTES = FRAMES.reduce((sum, bytes) => sum + bytes, 0);

/**
 * A client's side of a response: it takes `allowance` bytes, then holds the next write unfinished until
 * `read` gives it more, as a socket whose reader stopped does. What it took is kept as text when asked.
 */
class Client extends Writable {
  readonly socket = { destroyed: false };
  taken = 0;
  text = '';
  private held: (() => void) | undefined;

  constructor(
    private allowance: number,
    private readonly keep = false,
  ) {
    super({ highWaterMark: 16 * 1024 });
  }

  get stalled(): boolean {
    return this.held !== undefined;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    const take = () => {
      this.allowance -= chunk.length;
      this.taken += chunk.length;
      if (this.keep) this.text += chunk.toString();
      done();
    };
    if (this.allowance >= chunk.length) return take();
    this.held = take;
  }

  read(bytes: number): void {
    this.allowance += bytes;
    const held = this.held;
    this.held = undefined;
    held?.();
  }
}

function streamTo(client: Client): SseStream {
  const stream = new SseStream(client as unknown as ServerResponse, {
    bufferBytes: BUFFER_BYTES,
    stallMs: 60_000,
    backlog: readLog,
    cursor: () => EVENT_COUNT,
    onEnd: () => undefined,
  });
  void stream.start(0);
  return stream;
}

/** The heap and the buffers outside it, after a full collection. */
function held(gc: () => void): number {
  gc();
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

test('stalled streams catching up on large events each hold their buffer and one event, not a page', async (t) => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const before = held(gc);
  // Each client takes three events and stops: its stream has more to send, from the log.
  const clients = Array.from({ length: STREAMS }, () => new Client(3 * FRAME_BYTES));
  clients.forEach(streamTo);
  t.after(() => clients.forEach((client) => client.destroy()));
  await waitUntil(() => clients.every((c) => c.stalled), 10_000, 'every client stalled');
  const perStream = (held(gc) - before) / STREAMS;
  t.diagnostic(`held per stalled stream: ${Math.round(perStream / 1024)} KB`);
  // Written and unsent (the buffer, then the event that filled it), and the stream's own few objects.
  const bound = BUFFER_BYTES + FRAME_BYTES + 16 * 1024;
  assert.ok(
    perStream < bound,
    `a stalled stream holds ${Math.round(perStream / 1024)} KB (bound ${Math.round(bound / 1024)} KB)`,
  );

  // One that reads again gets every event, in order, none twice: what was let go is read again.
  const resumed = new Client(0, true);
  streamTo(resumed);
  t.after(() => resumed.destroy());
  await waitUntil(() => resumed.stalled, 5000, 'the client stalled at once');
  resumed.read(Number.MAX_SAFE_INTEGER);
  await waitUntil(() => resumed.taken === ALL_BYTES, 10_000, 'every event taken');
  const ids = [...resumed.text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
  assert.deepEqual(
    ids,
    Array.from({ length: EVENT_COUNT }, (_, i) => i + 1),
  );
});
