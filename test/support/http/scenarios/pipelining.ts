// Pipelined requests on one connection, over a raw socket: answered in order whatever each answer is,
// bodies read as bodies, every request parsed by Node's own parser and answered with the headers Node
// writes.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import type { RawAnswer } from '../../raw-http-client.js';
import { API, get, handedOn, header, request, type Target } from '../target.js';

const COMPETITIONS = `${API}/football/competitions`;
const HEALTH = `${API}/health`;
const NOT_FOUND = `${API}/football/nothing-here`;

const json = (answer: RawAnswer) => JSON.parse(answer.body);

export async function pipelining(t: TestContext, target: Target): Promise<void> {
  const { auth, inside } = target;
  const team = `${API}/football/teams/${target.teamId}`;

  await t.test('several GETs in one write are answered in order, whatever each answer is', async (t) => {
    const client = await target.connect(t);
    client.send(
      get(COMPETITIONS, auth) +
        get(COMPETITIONS) +
        get(NOT_FOUND, auth) +
        get(HEALTH) +
        get(team, { Authorization: 'Bearer nonsense' }) +
        get(team, auth) +
        get(`${COMPETITIONS}?limit=nope`, auth) +
        get(COMPETITIONS, auth),
    );
    const answers: RawAnswer[] = [];
    for (let i = 0; i < 8; i += 1) answers.push(await client.next());
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 401, 404, 200, 401, 200, 400, 200],
    );
    assert.ok(Array.isArray(json(answers[0]!).data));
    assert.equal(json(answers[1]!).error.details.reason, 'missing');
    assert.equal(json(answers[3]!).status, 'ok');
    assert.equal(json(answers[4]!).error.details.reason, 'invalid');
    assert.equal(json(answers[5]!).data.id, target.teamId);
    assert.equal(json(answers[7]!).data.length, json(answers[0]!).data.length);
    assert.equal(new Set(answers.map((a) => header(a, 'x-request-id'))).size, 8, 'one request ID each');
    for (const answer of answers) assert.equal(header(answer, 'connection'), 'keep-alive');
    assert.equal(client.isClosed, false);
  });

  await t.test(
    'a request with a body in the middle is read with its body; the next one is answered after it',
    async (t) => {
      const client = await target.connect(t);
      // Bodies that look like requests: read as bodies, never answered as requests.
      const hidden = get(`${HEALTH}?hidden=1`);
      const handed = handedOn(target);
      client.send(
        get(COMPETITIONS, auth) +
          request('POST', COMPETITIONS, { ...auth, 'Content-Length': String(hidden.length) }, hidden) +
          request('GET', HEALTH, { 'Content-Length': String(hidden.length) }, hidden) +
          get(team, auth),
      );
      const answers: RawAnswer[] = [];
      for (let i = 0; i < 4; i += 1) answers.push(await client.next());
      assert.equal(answers[0]!.status, 200);
      assert.ok(answers[1]!.status >= 400 && answers[1]!.status < 500, `POST: ${answers[1]!.status}`);
      assert.equal(answers[2]!.status, 200);
      assert.equal(json(answers[2]!).status, 'ok');
      assert.equal(answers[3]!.status, 200);
      assert.equal(json(answers[3]!).data.id, target.teamId);
      handed.count(4, 'four requests, not six');
      // Nothing else comes: no answer to the hidden requests.
      await assert.rejects(client.next({ timeoutMs: 300 }), /timed out/);
      assert.equal(client.unread(), '');
    },
  );

  await t.test('two /health requests pipelined in one write both answer 200', async (t) => {
    for (const count of [2, 2, 2, 3, 5]) {
      const client = await target.connect(t);
      client.send(get(HEALTH).repeat(count));
      for (let i = 0; i < count; i += 1) {
        const answer = await client.next();
        assert.deepEqual(
          [answer.status, json(answer).checks],
          [200, { database: true, cache: true }],
          `answer ${i + 1} of ${count}: ${answer.body}`,
        );
      }
    }
    // The cache check of /health is a round trip through the cache (probe): two at once, as two
    // pipelined /health requests make them, must not read each other's entry.
    if (inside) assert.deepEqual(await Promise.all([inside.probeCache(), inside.probeCache()]), [true, true]);
  });

  await t.test(
    "every request is parsed by Node's parser and answered with the headers Node writes",
    async (t) => {
      // Answered once on another connection, so that the next ones are the cheapest the app has (a cached
      // answer), and come first on a connection of their own: nothing may answer them before Node has.
      const warm = await target.connect(t);
      warm.send(get(COMPETITIONS, auth));
      assert.equal((await warm.next()).status, 200);
      const client = await target.connect(t);
      const handed = handedOn(target);
      client.send(get(COMPETITIONS, auth).repeat(4) + get(COMPETITIONS) + get(NOT_FOUND, auth));
      const answers: RawAnswer[] = [];
      for (let i = 0; i < 6; i += 1) answers.push(await client.next());
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200, 200, 200, 401, 404],
      );
      handed.count(6, "each request was a 'request' event of Node's server");
      // The server's keep-alive timeout, where it can be read; elsewhere, one in whole seconds for all.
      const keepAlive = inside
        ? `timeout=${Math.floor(inside.server.keepAliveTimeout / 1000)}`
        : header(answers[0]!, 'keep-alive');
      assert.match(keepAlive ?? '', /^timeout=\d+$/);
      for (const answer of answers) {
        assert.match(answer.head, /^HTTP\/1\.1 \d{3} [A-Za-z ]+\r\n/);
        assert.match(header(answer, 'date') ?? '', /^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/);
        assert.equal(header(answer, 'connection'), 'keep-alive');
        assert.equal(header(answer, 'keep-alive'), keepAlive);
        assert.equal(Number(header(answer, 'content-length')), Buffer.byteLength(answer.body));
      }
    },
  );

  await t.test('an HTTP/1.0 request is answered and its connection closed', async (t) => {
    const client = await target.connect(t);
    const handed = handedOn(target);
    client.send(`GET ${HEALTH} HTTP/1.0\r\n\r\n`);
    const answer = await client.next();
    assert.equal(answer.status, 200);
    assert.equal(header(answer, 'connection'), 'close');
    await client.closed();
    assert.equal(client.unread(), '', 'nothing after the closing answer');
    handed.count(1);
  });

  await t.test('a request sent after one asking to close is never answered as a request', async (t) => {
    // Node's parser takes bytes after a `Connection: close` request for an error: unless the answer to
    // that request was already on its way, it is lost too, and the client gets a 400 in its place.
    const client = await target.connect(t);
    const handed = handedOn(target);
    client.send(request('GET', HEALTH, { Connection: 'close' }) + get(`${HEALTH}?after-close=1`));
    const answer = await client.next();
    assert.ok([200, 400].includes(answer.status), `${answer.status}`);
    await client.closed();
    assert.equal(client.unread(), '', 'one answer at most');
    handed.urls((urls) => assert.deepEqual(urls, [HEALTH]));
  });
}
