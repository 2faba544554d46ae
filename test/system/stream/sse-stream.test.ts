// One SSE stream against a client that reads late: the stall that drops a client is measured in the
// client's time, not in time this process spent paused.
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { test, type TestContext } from 'node:test';
import { sseFrame, type LiveEvent } from '../../../src/stream/live-event.js';
import { SseStream, type StreamEnd } from '../../../src/stream/sse-stream.js';
import { waitUntil } from '../../support/wait-until.js';

const STALL_MS = 300;
// 100 events of 200 KB: 20 MB, far more than the kernel's socket buffers hold for a client not reading.
const EVENTS: LiveEvent[] = Array.from({ length: 100 }, (_, i) => ({
  seq: i + 1,
  matchId: 'm',
  competitionId: 'c',
  data: JSON.stringify({ blob: 'x'.repeat(200_000) }),
}));
const FRAME_BYTES = EVENTS.reduce((sum, event) => sum + sseFrame(event).length, 0);

/** A server of one stream catching up on EVENTS; `ended` says why it ended, once it has. */
async function streamServer(t: TestContext): Promise<{ port: number; ended: () => StreamEnd | undefined }> {
  let ended: StreamEnd | undefined;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const stream = new SseStream(res, {
      bufferBytes: 64 * 1024,
      stallMs: STALL_MS,
      backlog: async (after, limit) => EVENTS.filter((e) => e.seq > after).slice(0, limit),
      cursor: () => EVENTS.length,
      onEnd: (why) => (ended = why),
    });
    void stream.start(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  return { port: (server.address() as net.AddressInfo).port, ended: () => ended };
}

/** A client that asks for the stream and reads nothing until resumed; counts the body bytes it reads. */
async function lateReader(t: TestContext, port: number): Promise<{ socket: net.Socket; body: () => number }> {
  const socket = net.connect(port, '127.0.0.1');
  t.after(() => socket.destroy());
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  let head = '';
  let body = 0;
  socket.on('data', (chunk: Buffer) => {
    if (head.endsWith('\r\n\r\n')) body += chunk.length;
    else {
      const text = head + chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) head = text;
      else {
        head = text.slice(0, end + 4);
        body += text.length - head.length;
      }
    }
  });
  socket.pause();
  // HTTP/1.0: the body comes as it is written, without chunked framing to count out.
  socket.write('GET / HTTP/1.0\r\nHost: test\r\n\r\n');
  return { socket, body: () => body };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a client that takes nothing is dropped after the stall time', async (t) => {
  const server = await streamServer(t);
  await lateReader(t, server.port);
  await waitUntil(() => server.ended() !== undefined, 5000, 'the stream ended');
  assert.equal(server.ended(), 'stalled');
});

test('a pause of the server longer than the stall time does not drop a client that reads', async (t) => {
  const server = await streamServer(t);
  const reader = await lateReader(t, server.port);
  // The stream fills the socket's buffers and waits for the client to take them.
  await sleep(100);
  assert.equal(server.ended(), undefined);
  // The process is busy for twice the stall time; the client reads from the moment it is free again.
  const busyUntil = Date.now() + 2 * STALL_MS;
  while (Date.now() < busyUntil);
  reader.socket.resume();
  await waitUntil(() => reader.body() >= FRAME_BYTES, 10_000, 'every event read');
  assert.equal(reader.body(), FRAME_BYTES);
  assert.equal(server.ended(), undefined, 'the stream is still open');
});
