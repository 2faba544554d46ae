// Request smuggling attempts over a raw socket: heads whose body framing is ambiguous (Content-Length and
// Transfer-Encoding together, two Content-Lengths, obfuscated or unknown transfer codings) and bodies that
// hide a request. Node's parser either refuses the request (400, the connection closed) or reads the body
// as a body; a hidden request is never answered as a request.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { API, assertRefusedInTheEnd, get, handedOn, type Target } from '../target.js';

const HEALTH = `${API}/health`;
/** The request hidden in a body: its URL marks it, and it must never reach the app. */
const HIDDEN_URL = `${HEALTH}?smuggled=1`;
const HIDDEN = get(HIDDEN_URL);
const POST = `POST ${API}/football/competitions HTTP/1.1\r\nHost: test\r\n`;

/**
 * Heads whose framing is ambiguous or invalid: Node 20 refuses each with 400 before any body is read;
 * those marked 'handed on' only after the request was handed to the app (an unknown transfer coding is
 * found once the head is complete), so that the app's answer may come first.
 */
const REFUSED: Array<[what: string, bytes: string, afterHead?: 'handed on']> = [
  [
    'Content-Length then Transfer-Encoding: chunked',
    `${POST}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${HIDDEN}`,
  ],
  [
    'Transfer-Encoding: chunked then Content-Length',
    `${POST}Transfer-Encoding: chunked\r\nContent-Length: ${HIDDEN.length + 5}\r\n\r\n0\r\n\r\n${HIDDEN}`,
  ],
  [
    'two different Content-Lengths',
    `${POST}Content-Length: 4\r\nContent-Length: ${HIDDEN.length + 4}\r\n\r\nabcd${HIDDEN}`,
  ],
  ['two equal Content-Lengths', `${POST}Content-Length: 4\r\nContent-Length: 4\r\n\r\nabcd${HIDDEN}`],
  ['a Content-Length list', `${POST}Content-Length: 4, ${HIDDEN.length + 4}\r\n\r\nabcd${HIDDEN}`],
  ['a Content-Length with a sign', `${POST}Content-Length: +4\r\n\r\nabcd${HIDDEN}`],
  ['a Content-Length in hexadecimal', `${POST}Content-Length: 0x4\r\n\r\nabcd${HIDDEN}`],
  [
    'Transfer-Encoding: chunked, identity (chunked not last)',
    `${POST}Transfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n${HIDDEN}`,
  ],
  [
    'Transfer-Encoding with a space before the colon',
    `${POST}Transfer-Encoding : chunked\r\n\r\n0\r\n\r\n${HIDDEN}`,
  ],
  [
    'Transfer-Encoding: xchunked',
    `${POST}Transfer-Encoding: xchunked\r\n\r\n0\r\n\r\n${HIDDEN}`,
    'handed on',
  ],
  [
    'Transfer-Encoding: xchunked with a Content-Length',
    `${POST}Transfer-Encoding: xchunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n${HIDDEN}`,
  ],
  [
    'two Transfer-Encoding headers, chunked then identity',
    `${POST}Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n0\r\n\r\n${HIDDEN}`,
  ],
  [
    'a Transfer-Encoding folded over two lines',
    `${POST}Transfer-Encoding: x\r\n chunked\r\n\r\n0\r\n\r\n${HIDDEN}`,
  ],
  [
    'Transfer-Encoding: gzip (not chunked last)',
    `${POST}Transfer-Encoding: gzip\r\n\r\n0\r\n\r\n${HIDDEN}`,
    'handed on',
  ],
];

/** Chunked bodies whose framing is broken once the head was read: refused as the bad bytes arrive. */
const BAD_CHUNKS: Array<[what: string, bytes: string]> = [
  [
    'a chunk size that is not hexadecimal',
    `${POST}Transfer-Encoding: chunked\r\n\r\nzz\r\n${HIDDEN}\r\n0\r\n\r\n`,
  ],
  ['a chunk longer than its size', `${POST}Transfer-Encoding: chunked\r\n\r\n3\r\nabc${HIDDEN}\r\n0\r\n\r\n`],
  ['chunk lines ended by a bare LF', `${POST}Transfer-Encoding: chunked\r\n\r\n3\nabc\n0\n\n${HIDDEN}`],
];

export async function smuggling(t: TestContext, target: Target): Promise<void> {
  const all = handedOn(target);
  const neverHidden = () =>
    all.urls((urls) =>
      assert.equal(
        urls.filter((url) => url.includes('smuggled')).length,
        0,
        'the hidden request never reached the app',
      ),
    );

  await t.test('ambiguous body framing is refused with 400 and the connection closed', async (t) => {
    for (const [what, bytes, afterHead] of REFUSED) {
      const client = await target.connect(t);
      const handed = handedOn(target);
      client.send(bytes);
      const statuses = await assertRefusedInTheEnd(client, 400, what);
      assert.ok(statuses.length <= (afterHead ? 2 : 1), `${what}: ${statuses.join()}`);
      handed.count(afterHead ? 1 : 0, `${what}: requests that reached the app`);
    }
    neverHidden();
  });

  await t.test(
    'a chunked body with broken framing is refused with 400 and the connection closed',
    async (t) => {
      for (const [what, bytes] of BAD_CHUNKS) {
        const client = await target.connect(t);
        const handed = handedOn(target);
        client.send(bytes);
        // The head was good: the request reached the app, whose answer may come before the refusal.
        const statuses = await assertRefusedInTheEnd(client, 400, what);
        assert.ok(statuses.length <= 2, `${what}: ${statuses.join()}`);
        handed.count(1, what);
      }
      neverHidden();
    },
  );

  await t.test('a request hidden in a well-framed body is read as the body', async (t) => {
    const cases: Array<[string, string]> = [
      [
        'a chunked body',
        `${POST}Transfer-Encoding: chunked\r\n\r\n${HIDDEN.length.toString(16)}\r\n${HIDDEN}\r\n0\r\n\r\n`,
      ],
      [
        'a chunked body, the hidden request across chunks',
        `${POST}Transfer-Encoding: chunked\r\n\r\n5\r\n${HIDDEN.slice(0, 5)}\r\n${(
          HIDDEN.length - 5
        ).toString(16)}\r\n${HIDDEN.slice(5)}\r\n0\r\n\r\n`,
      ],
      [
        'a chunk holding a fake last chunk and the hidden request',
        `${POST}Transfer-Encoding: chunked\r\n\r\n${(HIDDEN.length + 10).toString(16)}\r\nabc\r\n0\r\n\r\n${HIDDEN}\r\n0\r\n\r\n`,
      ],
      ['a Content-Length body', `${POST}Content-Length: ${HIDDEN.length}\r\n\r\n${HIDDEN}`],
      [
        'the body of a GET',
        `GET ${HEALTH} HTTP/1.1\r\nHost: test\r\nContent-Length: ${HIDDEN.length}\r\n\r\n${HIDDEN}`,
      ],
      [
        'Transfer-Encoding: chunked in capitals',
        `${POST}Transfer-Encoding: CHUNKED\r\n\r\n${HIDDEN.length.toString(16)}\r\n${HIDDEN}\r\n0\r\n\r\n`,
      ],
      [
        'Transfer-Encoding after a tab',
        `${POST}Transfer-Encoding:\tchunked\r\n\r\n${HIDDEN.length.toString(16)}\r\n${HIDDEN}\r\n0\r\n\r\n`,
      ],
    ];
    for (const [what, bytes] of cases) {
      const client = await target.connect(t);
      const handed = handedOn(target);
      // The request with the body, then a genuine one: two answers, in order, and no third.
      client.send(bytes + get(`${HEALTH}?genuine=1`));
      const first = await client.next();
      assert.ok(first.status < 500, `${what}: ${first.status}`);
      const second = await client.next();
      assert.equal(second.status, 200, what);
      assert.equal(JSON.parse(second.body).status, 'ok', what);
      await assert.rejects(client.next({ timeoutMs: 200 }), /timed out/, `${what}: a third answer`);
      assert.equal(client.unread(), '', what);
      handed.count(2, what);
      handed.urls((urls) => assert.equal(urls[1], `${HEALTH}?genuine=1`, what));
    }
    neverHidden();
  });

  await t.test('Transfer-Encoding: identity, chunked is read as chunked, as RFC 9112 says', async (t) => {
    // What follows the last chunk is the next request, which is answered: not smuggled, the body ended.
    const client = await target.connect(t);
    const handed = handedOn(target);
    client.send(
      `${POST}Transfer-Encoding: identity, chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n` + get(`${HEALTH}?next=1`),
    );
    assert.ok((await client.next()).status < 500);
    assert.equal((await client.next()).status, 200);
    handed.urls((urls) => assert.equal(urls[1], `${HEALTH}?next=1`));
  });
}
