// Connections as the read fast path meets them before Node parses them (SQLite; with PostgreSQL there is
// no fast path and Node parses every request): pipelined, split and malformed requests, hand-over to
// Node in order, the bytes of an answer against Node's, idle and closing connections, a client that
// does not read.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { buildTestApp } from '../helpers/build-app.js';
import { rawClient, type RawAnswer } from '../support/raw-http-client.js';

const request = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  `${method} ${url} HTTP/1.1\r\nHost: test\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
const requestIdOf = (answer: RawAnswer) => answer.headers.find(([name]) => name === 'x-request-id')?.[1];

test('connections before Node parses them', async (t) => {
  const built = await buildTestApp(t);
  const origin = await built.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = built.app.server.address() as AddressInfo;
  const server = built.app.server;
  // Requests that Node parses are 'request' events; those answered on the connection are not.
  let parsedByNode = 0;
  server.on('request', () => (parsedByNode += 1));
  const fastPath = built.storage.engine === 'sqlite';
  const page = `/api/v1/football/matches?team_id=${built.ids.teams.manCity}&limit=2`;
  const auth = { Authorization: `Bearer ${built.keys.valid}` };
  // The first request of a key loads its counters, which only the full path waits for.
  assert.equal((await fetch(`${origin}${page}`, { headers: auth })).status, 200);

  await t.test('pipelined requests are answered in order, each with its own ID', async () => {
    const client = await rawClient(port);
    t.after(() => client.destroy());
    const before = parsedByNode;
    client.send(
      request(page, auth) + request(page, auth) + request(page, { ...auth, Connection: 'keep-alive' }),
    );
    const answers = [await client.next(), await client.next(), await client.next()];
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200],
    );
    assert.equal(new Set(answers.map(requestIdOf)).size, 3);
    for (const answer of answers) {
      assert.equal(JSON.parse(answer.body).meta.request_id, requestIdOf(answer));
    }
    assert.equal(parsedByNode - before, fastPath ? 0 : 3);
  });

  await t.test("an answer written on the connection has the bytes of Node's", async (t) => {
    if (!fastPath) return t.skip('no fast path on PostgreSQL');
    const client = await rawClient(port);
    t.after(() => client.destroy());
    client.send(request(page, auth));
    const direct = await client.next();
    // A byte Node accepts and the fast path's reader does not: Node parses this one, and the fast path
    // answers it through Node's response object.
    client.send(request(page, { ...auth, 'X-Note': 'caf\xe9' }));
    const throughNode = await client.next();
    assert.equal(parsedByNode > 0, true);
    const names = (a: RawAnswer) => a.headers.map(([name]) => name);
    assert.deepEqual(names(direct), names(throughNode));
    const perRequest = [
      'x-request-id',
      'x-ratelimit-remaining',
      'x-quota-remaining',
      'x-quota-reset',
      'Date',
    ];
    const fixed = (a: RawAnswer) => a.headers.filter(([name]) => !perRequest.includes(name));
    assert.deepEqual(fixed(direct), fixed(throughNode));
    assert.match(
      direct.headers.find(([name]) => name === 'Date')![1],
      /^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/,
    );
    const withoutId = (a: RawAnswer) => a.body.replace(requestIdOf(a)!, '');
    assert.equal(withoutId(direct), withoutId(throughNode));
  });

  await t.test(
    "a request refused for its key is refused on the connection, in the full path's bytes",
    async (t) => {
      if (!fastPath) return t.skip('no fast path on PostgreSQL');
      const cases: Array<[reason: string, headers: Record<string, string>, status: number]> = [
        ['missing', {}, 401],
        ['malformed', { Authorization: 'Basic dXNlcjpwYXNz' }, 401],
        ['invalid', { Authorization: `Bearer ${built.keys.valid}x` }, 401],
        // A key of the other environment (live_ on a development server) is not valid here.
        ['invalid', { Authorization: `Bearer ${built.keys.live}` }, 401],
        ['revoked', { Authorization: `Bearer ${built.keys.revoked}` }, 401],
        ['expired', { Authorization: `Bearer ${built.keys.expired}` }, 401],
        ['inactive', { Authorization: `Bearer ${built.keys.inactive}` }, 403],
      ];
      const fixed = (a: RawAnswer) =>
        a.headers.filter(([name]) => name !== 'x-request-id' && name !== 'Date');
      for (const [reason, headers, status] of cases) {
        const client = await rawClient(port);
        t.after(() => client.destroy());
        const before = parsedByNode;
        client.send(request(page, headers));
        const fast = await client.next();
        assert.equal(parsedByNode, before, `${reason}: answered on the connection`);
        // A conditional request is left to the full path, which refuses it before looking at the condition.
        client.send(request(page, { ...headers, 'If-None-Match': '"x"' }));
        const full = await client.next();
        assert.equal(parsedByNode, before + 1, `${reason}: the full path answered`);
        assert.deepEqual([fast.status, full.status], [status, status], reason);
        assert.deepEqual(fixed(fast), fixed(full), reason);
        assert.equal(fast.body, full.body, reason);
        assert.equal(JSON.parse(fast.body).error.details.reason, reason);
        assert.notEqual(requestIdOf(fast), requestIdOf(full));
      }
    },
  );

  await t.test('at the first request not answered on it, the connection goes to Node, in order', async () => {
    const client = await rawClient(port);
    t.after(() => client.destroy());
    const before = parsedByNode;
    // A HEAD is left to Node; the keyless GET after it tells the answers' order by its 401.
    client.send(
      request(page, auth) +
        request(page, auth, 'HEAD') +
        request(page) +
        request(page, auth) +
        request(page, auth),
    );
    const statuses = [];
    for (const noBody of [false, true, false, false, false])
      statuses.push((await client.next({ noBody })).status);
    assert.deepEqual(statuses, [200, 200, 401, 200, 200]);
    assert.equal(parsedByNode - before, fastPath ? 4 : 5);
  });

  await t.test('a request split across packets, and one with a body, are answered', async () => {
    const client = await rawClient(port);
    t.after(() => client.destroy());
    const whole = request(page, auth);
    client.send(whole.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 30));
    client.send(whole.slice(20));
    assert.equal((await client.next()).status, 200);
    client.send(`${request(page, { ...auth, 'Content-Length': '2' })}{}${request(page, auth)}`);
    const withBody = await client.next();
    assert.notEqual(withBody.status, 500);
    assert.equal((await client.next()).status, 200);
  });

  await t.test("a malformed request gets Node's 400 and the connection closes", async () => {
    const client = await rawClient(port);
    t.after(() => client.destroy());
    client.send(request(page, auth));
    assert.equal((await client.next()).status, 200);
    client.send('GET / HTTP/1.1\r\nHost: test\r\nBad Header: x\r\n\r\n');
    assert.equal((await client.next()).status, 400);
    await client.closed();
  });

  await t.test('a client that sends faster than it reads still gets every answer', async () => {
    const client = await rawClient(port);
    t.after(() => client.destroy());
    const count = 400;
    client.send(request(page, auth).repeat(count));
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let i = 0; i < count; i += 1) assert.equal((await client.next()).status, 200, `answer ${i}`);
  });

  await t.test('an idle connection is closed after the keep-alive timeout it announces', async () => {
    const keepAlive = server.keepAliveTimeout;
    server.keepAliveTimeout = 1000;
    t.after(() => (server.keepAliveTimeout = keepAlive));
    const client = await rawClient(port);
    t.after(() => client.destroy());
    client.send(request(page, auth));
    const answer = await client.next();
    assert.deepEqual(
      answer.headers.filter(([name]) => ['Connection', 'Keep-Alive'].includes(name)),
      [
        ['Connection', 'keep-alive'],
        ['Keep-Alive', 'timeout=1'],
      ],
    );
    const ms = await client.closed(5000);
    assert.ok(ms >= 700 && ms < 4000, `closed after ${ms} ms`);
  });

  await t.test('closing the server closes its idle connections at once', async () => {
    const client = await rawClient(port);
    t.after(() => client.destroy());
    client.send(request(page, auth));
    assert.equal((await client.next()).status, 200);
    const started = Date.now();
    await built.app.close();
    assert.ok(Date.now() - started < 2000, `closed in ${Date.now() - started} ms`);
    await client.closed(1000);
  });
});
