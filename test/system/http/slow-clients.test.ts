// Slow clients against the app listening in this process, over a raw socket: a head or a body sent byte
// by byte, a connection that sends nothing, an idle keep-alive connection. Node's own timeouts cut them
// off; the app's defaults are too long for a test, so the first tests shorten them on the app's server
// (before it listens, as an operator's configuration would), and the last ones check the app's own
// values. Only the slow heads (scenarios/slow-clients.ts) also run against `touchline serve`
// (real-servers.test.ts), with the app's 10 s headers timeout: its request and keep-alive timeouts
// (30 s, 72 s) are too long to wait for, and no configuration shortens them.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { test } from 'node:test';
import { listeningApp } from '../../support/http/listening-app.js';
import { APP_TIMEOUTS, slowHeads, type HeadTimeouts } from '../../support/http/scenarios/slow-clients.js';
import { API, assertRefusedInTheEnd, get, header } from '../../support/http/target.js';

const HEALTH = `${API}/health`;

const SHORT: HeadTimeouts = { headersMs: 500, checkMs: 50 };
const REQUEST_TIMEOUT_MS = 1000;
const KEEP_ALIVE_TIMEOUT_MS = 400;

/**
 * How often Node looks for connections past headersTimeout or requestTimeout: a server option, also read
 * from the server when it starts listening (not in @types/node as a property).
 */
type CheckedServer = Server & { connectionsCheckingInterval: number };

/** Shorter timeouts on the app's server, set before it listens. */
function shortTimeouts(server: Server) {
  server.headersTimeout = SHORT.headersMs;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  (server as CheckedServer).connectionsCheckingInterval = SHORT.checkMs;
}

test('slow clients, with short timeouts', async (t) => {
  const app = await listeningApp(t, shortTimeouts);
  app.inside.server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;

  await slowHeads(t, app, SHORT);

  await t.test('a body sent byte by byte slower than the request timeout is cut off with 408', async (t) => {
    const client = await app.connect(t);
    const body = JSON.stringify({ note: 'x'.repeat(100) });
    client.send(
      `POST ${API}/football/competitions HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    const started = Date.now();
    const sending = client.trickle(body, 40);
    // The app may answer the request (it has no POST route) before the body is all there: Node still
    // cuts the connection off when the body is late, with a 408 after that answer.
    await assertRefusedInTheEnd(client, 408);
    const took = Date.now() - started;
    assert.ok(took < REQUEST_TIMEOUT_MS + 1000, `cut off after ${took} ms`);
    assert.ok((await sending) < body.length);
  });

  await t.test('an idle keep-alive connection is closed after the keep-alive timeout', async (t) => {
    const client = await app.connect(t);
    client.send(get(HEALTH));
    const answer = await client.next();
    assert.equal(header(answer, 'keep-alive'), `timeout=${Math.floor(KEEP_ALIVE_TIMEOUT_MS / 1000)}`);
    const took = await client.closed(KEEP_ALIVE_TIMEOUT_MS + 3000);
    assert.ok(took >= KEEP_ALIVE_TIMEOUT_MS - 50, `closed after ${took} ms`);
    assert.equal(client.unread(), '', 'closed without an answer');
  });

  await t.test('a client sending requests steadily is not cut off', async (t) => {
    const client = await app.connect(t);
    for (let i = 0; i < 8; i += 1) {
      client.send(get(HEALTH));
      assert.equal((await client.next()).status, 200);
      // A quarter of the keep-alive timeout: a machine stalled by other work still sends in time.
      await new Promise((resolve) => setTimeout(resolve, KEEP_ALIVE_TIMEOUT_MS / 4));
    }
    assert.equal(client.isClosed, false);
  });
});

test('slow clients, with the timeouts the app sets', async (t) => {
  const app = await listeningApp(t);

  await t.test('a slow head is cut off within about 11 s, a slow request within about 31 s', () => {
    const { headersTimeout, requestTimeout, connectionsCheckingInterval } = app.inside
      .server as CheckedServer;
    // What the slow heads against `touchline serve` expect (real-servers.test.ts).
    assert.equal(headersTimeout, APP_TIMEOUTS.headersMs);
    assert.equal(connectionsCheckingInterval, APP_TIMEOUTS.checkMs);
    assert.ok(
      requestTimeout >= headersTimeout && requestTimeout <= 30_000,
      `requestTimeout ${requestTimeout}`,
    );
  });
});
