// Requests Node's parser rejects, sent over a raw socket: malformed request lines and heads, and heads
// over Node's size limit. Each is refused (400, or 431 for a head too large) and its connection closed:
// never a hang, never a 5xx, never a request reaching the app. The server goes on serving.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import {
  API,
  assertRefused,
  assertRefusedInTheEnd,
  get,
  handedOn,
  header,
  request,
  type Target,
} from '../target.js';

const HEALTH = `${API}/health`;

/** Request lines and heads Node's parser (llhttp, strict) refuses with 400, as Node 20 does. */
const MALFORMED: Array<[what: string, bytes: string]> = [
  ['garbage', 'hello there\r\n\r\n'],
  ['binary garbage', '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n'],
  ['a method with a character outside the token set', `G@T ${HEALTH} HTTP/1.1\r\nHost: test\r\n\r\n`],
  ['a lowercase method', `get ${HEALTH} HTTP/1.1\r\nHost: test\r\n\r\n`],
  ['a method Node does not know', `BREW ${HEALTH} HTTP/1.1\r\nHost: test\r\n\r\n`],
  ['a version that is not a number', `GET ${HEALTH} HTTP/1.x\r\nHost: test\r\n\r\n`],
  ['HTTP/1.2', `GET ${HEALTH} HTTP/1.2\r\nHost: test\r\n\r\n`],
  ['HTTP/3.0', `GET ${HEALTH} HTTP/3.0\r\nHost: test\r\n\r\n`],
  ['a lowercase protocol name', `GET ${HEALTH} http/1.1\r\nHost: test\r\n\r\n`],
  ['a space in the request target', `GET ${API}/he alth HTTP/1.1\r\nHost: test\r\n\r\n`],
  ['a header line without a colon', `GET ${HEALTH} HTTP/1.1\r\nHost: test\r\nX-Note value\r\n\r\n`],
  ['a space before the colon', `GET ${HEALTH} HTTP/1.1\r\nHost: test\r\nX-Note : value\r\n\r\n`],
  ['a NUL in a header value', `GET ${HEALTH} HTTP/1.1\r\nHost: test\r\nX-Note: a\x00b\r\n\r\n`],
  ['a CR alone in a header value', `GET ${HEALTH} HTTP/1.1\r\nHost: test\r\nX-Note: a\rb\r\n\r\n`],
  [
    'a header name with a character outside the token set',
    `GET ${HEALTH} HTTP/1.1\r\nHost: test\r\nX(Note): v\r\n\r\n`,
  ],
  ['bare LF line ends', `GET ${HEALTH} HTTP/1.1\nHost: test\n\n`],
  ['a bare LF ending one header line', `GET ${HEALTH} HTTP/1.1\r\nHost: test\nX-Note: v\r\n\r\n`],
  ['a folded header line (obs-fold)', `GET ${HEALTH} HTTP/1.1\r\nHost: test\r\nX-Note: a\r\n b\r\n\r\n`],
  ['no Host in an HTTP/1.1 request', `GET ${HEALTH} HTTP/1.1\r\n\r\n`],
  ['a negative Content-Length', request('POST', HEALTH, { 'Content-Length': '-1' })],
  ['a Content-Length too large for a number', request('POST', HEALTH, { 'Content-Length': '9'.repeat(30) })],
];

/** Malformed and oversized requests, each on a connection of its own; then the target still serves. */
export async function malformedRequests(t: TestContext, target: Target): Promise<void> {
  await t.test(
    'a malformed request line or head is refused with 400 and its connection closed',
    async (t) => {
      for (const [what, bytes] of MALFORMED) {
        const client = await target.connect(t);
        const handed = handedOn(target);
        client.send(Buffer.from(bytes, 'latin1'));
        await assertRefused(client, 400, what);
        handed.count(0, `${what}: no request reached the app`);
      }
    },
  );

  await t.test(
    'a malformed request after valid ones: at most those are answered, then it is refused',
    async (t) => {
      // Node's parser finds the bad head while the app still works on the valid requests before it: the
      // refusal (written at once, then the connection closed) takes the place of their answers.
      const client = await target.connect(t);
      const handed = handedOn(target);
      client.send(get(HEALTH) + get(HEALTH) + `GET ${HEALTH} HTTP/1.1\r\nHost: test\r\nX-Note : v\r\n\r\n`);
      const statuses = await assertRefusedInTheEnd(client, 400);
      assert.ok(statuses.length <= 3 && statuses.slice(0, -1).every((s) => s === 200), statuses.join());
      handed.count(2);
    },
  );

  await t.test('a malformed head sent in pieces is refused as soon as the bad byte arrives', async (t) => {
    const client = await target.connect(t);
    client.send(`GET ${HEALTH} HTTP/1.1\r\nHost: te`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(client.isClosed, false, 'a head not yet complete is waited for');
    client.send('st\r\nX-Note: a\x00');
    await assertRefused(client, 400);
  });

  await t.test(
    "a refused request's answer says the connection closes, as Node's own answer does (`Connection: close`)",
    async (t) => {
      const client = await target.connect(t);
      client.send(`GET ${HEALTH} HTTP/1.1\r\nHost: test\r\nX-Note : v\r\n\r\n`);
      const answer = await assertRefused(client, 400);
      assert.equal(
        header(answer, 'connection'),
        'close',
        `the refusal's head: ${JSON.stringify(answer.head)} (Node writes ${JSON.stringify(
          'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n',
        )})`,
      );
    },
  );

  await t.test(
    'request lines Node reads as versions it serves are answered, then the connection closed',
    async (t) => {
      // Node 20 takes a request line without a version for HTTP/0.9, and accepts HTTP/2.0 in an HTTP/1 request
      // line; it answers as to HTTP/1.0 and closes the connection.
      for (const line of [`GET ${HEALTH}`, `GET ${HEALTH} HTTP/0.9`, `GET ${HEALTH} HTTP/2.0`]) {
        const client = await target.connect(t);
        client.send(`${line}\r\nHost: test\r\n\r\n`);
        const answer = await client.next();
        assert.equal(answer.status, 200, line);
        await client.closed();
      }
    },
  );

  await t.test('a head over 16 KB is refused with 431 and its connection closed', async (t) => {
    const cases: Array<[string, string]> = [
      ['one large header', get(HEALTH, { 'X-Large': 'a'.repeat(17 * 1024) })],
      // Node counts the bytes of names and values only: 2000 headers `X-<i>: v` pass.
      [
        'many headers',
        get(HEALTH, Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`X-${i}`, 'v'.repeat(20)]))),
      ],
      ['a URL over 16 KB', get(`${API}/football/teams?q=${'a'.repeat(17 * 1024)}`)],
      [
        'a head over 16 KB sent after a valid request',
        get(HEALTH) + get(HEALTH, { 'X-Large': 'a'.repeat(17 * 1024) }),
      ],
    ];
    for (const [what, bytes] of cases) {
      const client = await target.connect(t);
      const handed = handedOn(target);
      client.send(bytes);
      const afterOne = what.includes('after a valid request');
      const statuses = await assertRefusedInTheEnd(client, 431, what);
      assert.ok(statuses.length <= (afterOne ? 2 : 1), statuses.join());
      handed.count(afterOne ? 1 : 0, what);
    }
  });

  await t.test('a head over 16 KB that never ends is refused once 16 KB have arrived', async (t) => {
    const client = await target.connect(t);
    client.send(`GET ${HEALTH} HTTP/1.1\r\nHost: test\r\nX-Large: `);
    for (let i = 0; i < 20 && !client.isClosed; i += 1) {
      client.send('a'.repeat(1024));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await assertRefused(client, 431);
  });

  await t.test(
    'a long URL within the limit gets an answer from the app, and the connection stays open',
    async (t) => {
      const client = await target.connect(t);
      const long = 'a'.repeat(8 * 1024);
      client.send(get(`${API}/football/teams/${long}`, target.auth));
      const path = await client.next();
      assert.ok(path.status >= 400 && path.status < 500, `${path.status}`);
      assert.ok(JSON.parse(path.body).error, 'an error envelope');
      client.send(get(`${API}/football/competitions?${long}=1`, target.auth));
      const query = await client.next();
      assert.equal(query.status, 400);
      assert.equal(JSON.parse(query.body).error.code, 'invalid_parameter');
      client.send(get(HEALTH));
      assert.equal((await client.next()).status, 200);
      assert.equal(client.isClosed, false);
    },
  );

  await t.test('the server still serves after all of this', async (t) => {
    const client = await target.connect(t);
    client.send(get(HEALTH));
    const answer = await client.next();
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(answer.body).checks, { database: true, cache: true });
  });
}
