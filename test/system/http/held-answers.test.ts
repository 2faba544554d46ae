// The response cache holds answers in one region it reuses (src/cache/body-ring.ts), and a held body
// without a request ID is written to the socket from there as it is. A client that stops reading leaves
// those bytes unsent in the socket, or its pipelined answers queued behind them, while other clients'
// answers are admitted and written over the region: it must still receive exactly the answers it asked
// for.
import assert from 'node:assert/strict';
import type { AddressInfo, Socket } from 'node:net';
import { test, type TestContext } from 'node:test';
import { issueApiKey } from '../../../src/auth/api-keys.js';
import type { Plan } from '../../../src/config/plans.js';
import { insertApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import { buildTestApp } from '../../support/build-app.js';
import { rawClient, rawRequest, type RawClient } from '../../support/raw-http-client.js';
import { appOnStorage } from '../../support/test-app.js';

const API = '/api/v1';
const PLANS: Plan[] = [
  { name: 'roomy', requestsPerMinute: 1_000_000, requestsPerPeriod: 10_000_000, description: '' },
];
/** Unread answers of the slow client's URL enough to fill the kernel's socket buffers on loopback, at most. */
const MAX_UNREAD = 20_000;
/** Requests sent at once by the slow cross-origin client. */
const BURST = 100;
/** A region this small is written over many times by the other client's answers. */
const CACHE_BYTES = 48 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  for (const started = Date.now(); !check(); await sleep(10)) {
    assert.ok(Date.now() - started < timeoutMs, `timed out waiting until ${what}`);
  }
}

/** A listening app with a small cache, a key of the roomy plan, and raw connections closed after `t`. */
async function listening(t: TestContext) {
  const built = await buildTestApp(t);
  // Answers counted as they are given (the access log's hook sees each).
  const counted = { answers: 0 };
  const { app, cache } = await appOnStorage(built.storage, {
    plans: PLANS,
    cacheBytes: CACHE_BYTES,
    accessLog: () => void (counted.answers += 1),
  });
  t.after(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const { key, row } = issueApiKey('development', 'roomy', new Date(), undefined, { plan: 'roomy' });
  await insertApiKey(built.storage.db, row);
  const auth = { Authorization: `Bearer ${key}` };
  const connect = async (): Promise<RawClient> => {
    const client = await rawClient(port);
    t.after(() => client.destroy());
    return client;
  };
  return { app, cache, auth, connect, counted };
}

test('a cross-origin client that reads slowly gets a held answer without request ID intact', async (t) => {
  const { app, cache, auth, connect, counted } = await listening(t);
  // A cross-origin request: its answer carries CORS's headers too.
  const crossOrigin = { ...auth, Origin: 'https://app.example' };
  const sockets: Socket[] = [];
  app.server.on('connection', (socket: Socket) => sockets.push(socket));

  const other = await connect();
  const ask = async (url: string, headers: Record<string, string> = auth) => {
    other.send(rawRequest('GET', url, headers));
    const answer = await other.next();
    assert.equal(answer.status, 200, `${url}: ${answer.body}`);
    return answer.body;
  };
  const first = JSON.parse(await ask(`${API}/football/matches?limit=1`)) as { data: Array<{ id: string }> };
  // One match: `{"data":…}`, a body without a request ID, which the cache's bytes are sent as they are.
  const slowUrl = `${API}/football/matches/${first.data[0]!.id}`;
  const expected = await ask(slowUrl, crossOrigin);
  assert.ok(!expected.includes('request_id'), 'a body without a request ID');
  for (let n = 0; n < 3; n += 1) assert.equal(await ask(slowUrl, crossOrigin), expected);
  assert.ok(cache.size >= 1);

  // Requests in bursts until the server's socket keeps bytes the kernel would not take. Pipelined, they
  // are answered in turn, each written once the one before was, from the cache's memory.
  const slow = await connect();
  slow.send(rawRequest('GET', slowUrl, crossOrigin));
  assert.equal((await slow.next()).body, expected);
  slow.pauseReading();
  // Its server side, known once it has answered (the client may connect before the server accepts).
  const served = sockets.at(-1)!;
  let sent = 0;
  const burst = Buffer.from(rawRequest('GET', slowUrl, crossOrigin).repeat(BURST), 'latin1');
  while (served.writableLength === 0) {
    assert.ok(sent < MAX_UNREAD, `no answer waited in the socket after ${sent} unread answers`);
    const answered = counted.answers;
    slow.send(burst);
    sent += BURST;
    await until(
      'the burst is answered',
      () => counted.answers >= answered + BURST || served.writableLength > 0,
    );
  }
  assert.ok(cache.pinned > 0, 'the bytes the socket keeps are pinned');

  // Other answers, each asked until held, written over the whole region many times.
  for (let round = 0; round < 3; round += 1) {
    for (let limit = 1; limit <= 60; limit += 1) {
      for (const path of ['matches', 'competitions']) {
        for (let n = 0; n < 3; n += 1) await ask(`${API}/football/${path}?limit=${limit}`);
      }
    }
  }

  slow.resumeReading();
  for (let i = 0; i < sent; i += 1) {
    const answer = await slow.next({ timeoutMs: 15_000 });
    assert.equal(answer.status, 200);
    assert.equal(answer.body, expected, `answer ${i + 1} of ${sent}`);
  }
  await until('the answers sent release their bytes', () => cache.pinned === 0);
});
