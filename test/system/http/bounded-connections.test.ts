// boundedRequests (src/api/http/bounded-connections.ts) on a plain Node server, over real sockets: the
// requests of a connection in progress at once are bounded, the rest held in order, the socket paused
// while they are held and resumed once they are not, whatever Node's own pausing does meanwhile.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, type TestContext } from 'node:test';
import { boundedRequests, DEFAULT_MAX_IN_PROGRESS } from '../../../src/api/http/bounded-connections.js';
import { rawClient, type RawClient } from '../../support/raw-http-client.js';

const get = (url: string) => `GET ${url} HTTP/1.1\r\nHost: test\r\n\r\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` every 10 ms until it holds; fails after `timeoutMs`. */
async function until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

interface Probe {
  port: number;
  server: http.Server;
  /** Requests Node parsed ('request' events), held ones included. */
  parsed: number;
  /** Requests the wrapped handler was given. */
  handled: number;
  /** Of those, how many have not closed their response yet, and the most there ever were on one connection. */
  inProgress: number;
  maxInProgress: number;
  urls: string[];
  client(t: TestContext): Promise<RawClient>;
}

/**
 * A Node server whose handler (wrapped in boundedRequests(…, max) unless max is undefined) reads each
 * request's body, then answers it when `respond` calls `finish` (2 ms later by default) with its method,
 * URL, body and `answerBytes` bytes of padding.
 */
async function probeServer(
  t: TestContext,
  max: number | undefined,
  respond: (finish: () => void, req: http.IncomingMessage) => void = (finish) => setTimeout(finish, 2),
  answerBytes = 0,
): Promise<Probe> {
  const probe = { parsed: 0, handled: 0, inProgress: 0, maxInProgress: 0, urls: [] as string[] } as Probe;
  const perConnection = new Map<unknown, number>();
  const handler: http.RequestListener = (req, res) => {
    const socket = req.socket;
    const count = (perConnection.get(socket) ?? 0) + 1;
    perConnection.set(socket, count);
    probe.handled += 1;
    probe.inProgress += 1;
    probe.maxInProgress = Math.max(probe.maxInProgress, count);
    probe.urls.push(req.url ?? '');
    // Counted before the wrapper's own listener (added first) hands the next request on.
    res.prependListener('close', () => {
      probe.inProgress -= 1;
      perConnection.set(socket, perConnection.get(socket)! - 1);
    });
    let body = '';
    req.setEncoding('latin1');
    req.on('data', (chunk: string) => (body += chunk));
    const pad = 'x'.repeat(answerBytes);
    req.on('end', () => respond(() => res.end(`${req.method} ${req.url} ${body}${pad}`), req));
  };
  const server = http.createServer(max === undefined ? handler : boundedRequests(handler, max));
  server.on('request', () => (probe.parsed += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  probe.server = server;
  probe.port = (server.address() as AddressInfo).port;
  probe.client = async (tc) => {
    const client = await rawClient(probe.port);
    tc.after(() => client.destroy());
    return client;
  };
  return probe;
}

/** `count` pipelined GETs /0 ... /count-1 as one buffer. */
const pipelined = (count: number, from = 0) =>
  Buffer.from(Array.from({ length: count }, (_, i) => get(`/${from + i}`)).join(''), 'latin1');

test('the wrapper refuses a bound that is not a positive integer', () => {
  const noop: http.RequestListener = () => undefined;
  for (const bad of [0, -1, 1.5, Number.NaN]) assert.throws(() => boundedRequests(noop, bad), RangeError);
  assert.equal(typeof boundedRequests(noop), 'function');
  assert.ok(DEFAULT_MAX_IN_PROGRESS >= 1);
});

test('pipelined requests are handed on at most `max` at a time and answered in order', async (t) => {
  const probe = await probeServer(t, 4, (finish) => setTimeout(finish, Math.random() * 5));
  const client = await probe.client(t);
  client.send(pipelined(100));
  for (let i = 0; i < 100; i += 1) {
    const answer = await client.next();
    assert.equal(answer.status, 200);
    assert.equal(answer.body, `GET /${i} `);
  }
  assert.equal(probe.maxInProgress, 4);
  assert.deepEqual(
    probe.urls,
    Array.from({ length: 100 }, (_, i) => `/${i}`),
  );
  // Keep-alive: the connection is still open and serves the next request at once.
  client.send(get('/after'));
  assert.equal((await client.next()).body, 'GET /after ');
  assert.equal(client.isClosed, false);
  assert.equal(probe.inProgress, 0);
});

test('without the wrapper, Node hands a non-reading client thousands of requests at once', async (t) => {
  // What the wrapper is for: Node pauses a connection only once its written answers pile up, and an
  // asynchronous handler has written nothing yet when the next chunk is parsed.
  const probe = await probeServer(t, undefined, (finish) => setTimeout(finish, 200));
  const client = await probe.client(t);
  client.pauseReading();
  client.send(pipelined(5000));
  await until(() => probe.handled >= 1000, '1000 requests are in progress');
  assert.ok(probe.maxInProgress >= 1000, `${probe.maxInProgress} in progress`);
});

test('a client that pipelines and never reads gets `max` requests in progress and is not read further', async (t) => {
  const max = 8;
  const probe = await probeServer(t, max, (finish) => setImmediate(finish), 1000);
  const flood = await probe.client(t);
  flood.pauseReading();
  // About 280 KB of requests (far more than one read of the socket), 10 MB of answers (more than the
  // kernel's buffers between the two sockets hold).
  const count = 10_000;
  flood.send(pipelined(count));
  await until(() => probe.handled >= max, 'the first requests are handled');
  // Answers leave until the kernel's buffers between the two sockets are full; from then on the
  // responses in progress never finish, and nothing more is read.
  // Settled: unchanged for half a second, not merely between two polls (on a loaded machine the socket
  // can drain for a while in bursts, and a 10 ms lull between two of them is no proof the buffers are full).
  let last = -1;
  let since = Date.now();
  await until(
    () => {
      if (probe.handled !== last) {
        last = probe.handled;
        since = Date.now();
      }
      return Date.now() - since >= 500;
    },
    'the handled count settles',
    30_000,
  );
  assert.ok(probe.maxInProgress <= max, `${probe.maxInProgress} in progress`);
  const parsed = probe.parsed;
  await sleep(300);
  assert.equal(probe.parsed, parsed, 'Node reads no more of the connection');
  assert.ok(parsed < count, `${parsed} of ${count} requests parsed`);

  // Meanwhile another connection is served as usual.
  const other = await probe.client(t);
  for (let i = 0; i < 5; i += 1) {
    const started = Date.now();
    other.send(get(`/other/${i}`));
    const answer = await other.next({ timeoutMs: 1000 });
    assert.ok(answer.body.startsWith(`GET /other/${i} x`));
    assert.ok(Date.now() - started < 1000);
  }

  // Once the client reads, everything is answered, in order: the paused socket was resumed.
  flood.resumeReading();
  for (let i = 0; i < count; i += 1) {
    const answer = await flood.next({ timeoutMs: 5000 });
    if (!answer.body.startsWith(`GET /${i} x`)) assert.fail(`answer ${i}: ${answer.body.slice(0, 40)}`);
  }
  assert.equal(probe.maxInProgress <= max, true);
  assert.equal(flood.isClosed, false);
});

test('when Node pauses the connection too (answers piling up), both pauses end once the client reads', async (t) => {
  // 64 KB answers: a few exceed the socket's high-water mark, so Node pauses the socket itself and
  // resumes it on 'drain'; the wrapper's pause must survive Node's resume, and Node's its own.
  const max = 4;
  const probe = await probeServer(t, max, (finish) => setImmediate(finish), 64 * 1024);
  const client = await probe.client(t);
  client.pauseReading();
  client.send(pipelined(2000));
  await sleep(500);
  assert.ok(probe.maxInProgress <= max);
  const parsed = probe.parsed;
  assert.ok(parsed < 2000, `${parsed} parsed`);
  client.resumeReading();
  for (let i = 0; i < 2000; i += 1) {
    const answer = await client.next({ timeoutMs: 5000 });
    if (!answer.body.startsWith(`GET /${i} x`)) assert.fail(`answer ${i}: ${answer.body.slice(0, 40)}`);
  }
  assert.ok(probe.maxInProgress <= max);
});

test('a request held while its body has not all arrived stops the reading, then gets its body', async (t) => {
  // Node resumes the socket after each complete request it parses; the last request of a chunk, whose
  // body is still coming, is held after that: the wrapper must stop Node reading all the same.
  const release: Array<() => void> = [];
  const probe = await probeServer(t, 1, (finish) => release.push(finish));
  const client = await probe.client(t);
  client.send(
    get('/1') + get('/2') + get('/3') + 'POST /p HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\nabc',
  );
  await until(() => probe.parsed === 4, 'four requests are parsed');
  assert.equal(probe.handled, 1);
  client.send('defghij' + get('/4') + get('/5'));
  await sleep(200);
  assert.equal(probe.parsed, 4, 'nothing more is read while requests are held');
  // One at a time: each answer lets the next request through.
  const expected = ['GET /1 ', 'GET /2 ', 'GET /3 ', 'POST /p abcdefghij', 'GET /4 ', 'GET /5 '];
  for (const body of expected) {
    await until(() => release.length > 0, `${body} is handled`);
    release.shift()!();
    assert.equal((await client.next()).body, body);
  }
  assert.equal(probe.maxInProgress, 1);
});

test('a request handed on while the bound is reached can still read its body', async (t) => {
  // Two in progress at most; the third request's body arrives only after it was handed on.
  const release: Array<() => void> = [];
  const probe = await probeServer(t, 2, (finish, req) =>
    req.method === 'POST' ? finish() : release.push(finish),
  );
  const client = await probe.client(t);
  client.send(get('/1') + get('/2') + 'POST /p HTTP/1.1\r\nHost: test\r\nContent-Length: 6\r\n\r\nab');
  await until(() => probe.parsed === 3, 'three requests are parsed');
  release.shift()!();
  assert.equal((await client.next()).body, 'GET /1 ');
  await until(() => probe.handled === 3, 'the POST is handed on');
  client.send('cdef');
  release.shift()!();
  assert.equal((await client.next()).body, 'GET /2 ');
  assert.equal((await client.next()).body, 'POST /p abcdef');
});

test('a connection that closes drops the requests it holds: they are never handled', async (t) => {
  const release: Array<() => void> = [];
  const probe = await probeServer(t, 2, (finish) => release.push(finish));
  const client = await probe.client(t);
  client.send(pipelined(50));
  await until(() => probe.parsed === 50, 'all 50 requests are parsed');
  assert.equal(probe.handled, 2);
  client.destroy();
  // A paused socket is not read, so the server learns that the client is gone only when it writes to
  // it: the answers in progress are finished, and the first ones written meet the closed connection.
  const connections = () =>
    new Promise<number>((resolve, reject) =>
      probe.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
  const deadline = Date.now() + 5000;
  while ((await connections()) > 0 && Date.now() < deadline) {
    for (const finish of release.splice(0)) finish();
    await sleep(10);
  }
  assert.equal(await connections(), 0);
  const handled = probe.handled;
  assert.ok(handled < 10, `${handled} handled`);
  for (const finish of release.splice(0)) finish();
  await sleep(100);
  assert.equal(probe.handled, handled, 'held requests never reach the handler once the connection closed');

  // The server goes on serving.
  const next = await probe.client(t);
  next.send(get('/fresh'));
  await until(() => release.length > 0, 'the new request is handled');
  release.shift()!();
  assert.equal((await next.next()).body, 'GET /fresh ');
});

test('requests of different connections are bounded separately', async (t) => {
  const release: Array<() => void> = [];
  let holding = true;
  const probe = await probeServer(t, 3, (finish) => (holding ? release.push(finish) : setImmediate(finish)));
  const a = await probe.client(t);
  const b = await probe.client(t);
  a.send(pipelined(10));
  b.send(pipelined(10, 100));
  await until(() => probe.parsed === 20, 'both connections are parsed');
  assert.equal(probe.handled, 6);
  assert.equal(probe.inProgress, 6);
  assert.equal(probe.maxInProgress, 3);
  holding = false;
  for (const finish of release.splice(0)) finish();
  for (let i = 0; i < 10; i += 1) assert.equal((await a.next()).body, `GET /${i} `);
  for (let i = 0; i < 10; i += 1) assert.equal((await b.next()).body, `GET /${100 + i} `);
  assert.equal(probe.maxInProgress, 3);
});

test('a connection whose answers are ready at once does not keep the others waiting', async (t) => {
  // Answered as soon as handed on, each held request would let the next through at once, and a
  // connection with thousands pipelined would be served to the end before any other got a turn.
  const order: string[] = [];
  const server = http.createServer(
    boundedRequests((req, res) => {
      order.push(req.url ?? '');
      res.end('ok');
    }, 16),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as AddressInfo;
  const busy = await rawClient(port);
  const other = await rawClient(port);
  t.after(() => {
    busy.destroy();
    other.destroy();
  });
  busy.send(pipelined(20_000));
  await until(() => order.length > 0, 'the busy connection is served');
  other.send(get('/other'));
  assert.equal((await other.next()).body, 'ok');
  const before = order.indexOf('/other');
  t.diagnostic(`${before} requests of the busy connection were handled before the other one's`);
  assert.ok(before >= 0 && before < 500, `${before} requests of the busy connection were handled first`);
  for (let i = 0; i < 20_000; i += 1) await busy.next();
});
