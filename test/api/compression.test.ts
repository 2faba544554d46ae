// Compression by Accept-Encoding, over a real socket: an answer from the response cache and one read
// from the database send the same headers and, decompressed, the same body; a cached answer's gzip form inflates to that request's own
// request ID; small answers, 304s and requests without Accept-Encoding go uncompressed; every answer
// says Vary: Accept-Encoding; with compression off nothing changes.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { test, type TestContext } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { appOnStorage } from '../support/test-app.js';
import { rawClient, rawRequest, type RawAnswer } from '../support/raw-http-client.js';

const header = (answer: RawAnswer, name: string) =>
  answer.headers.find(([sent]) => sent.toLowerCase() === name)?.[1];
const PER_REQUEST = ['x-request-id', 'x-ratelimit-remaining', 'x-quota-remaining', 'x-quota-reset', 'date'];

async function served(t: TestContext, compression: boolean, corsOrigins: '*' | string[] = '*') {
  const built = await buildTestApp(t);
  const { app, cache } = await appOnStorage(built.storage, { compression, corsOrigins });
  t.after(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const answer = async (url: string, headers: Record<string, string>, method = 'GET') => {
    const client = await rawClient(port);
    t.after(() => client.destroy());
    client.send(rawRequest(method, url, headers));
    const got = await client.next({ noBody: method === 'HEAD' });
    return { got };
  };
  const auth = { Authorization: `Bearer ${built.keys.valid}` };
  return { built, answer, auth, cache };
}

const PAGE = '/api/v1/football/matches?limit=100';

test('gzip and br: a held answer and one read send the same headers and bodies, each with its own request ID', async (t) => {
  const { answer, auth, cache } = await served(t, true);
  for (const coding of ['gzip', 'br']) {
    const headers = { ...auth, 'Accept-Encoding': coding === 'gzip' ? 'gzip, deflate, br' : 'br' };
    await cache.clear();
    const full = await answer(PAGE, headers); // read, and held from here on
    assert.equal(cache.size, 1, coding);
    const fast = await answer(PAGE, headers);
    for (const { got } of [fast, full]) {
      assert.equal(got.status, 200);
      assert.equal(header(got, 'content-encoding'), coding);
      assert.equal(header(got, 'vary'), 'Accept-Encoding');
      assert.equal(Number(header(got, 'content-length')), got.bytes.length);
      const body = JSON.parse(got.body) as { data: unknown[]; meta: { request_id: string } };
      assert.equal(body.meta.request_id, header(got, 'x-request-id'));
      assert.ok(got.bytes.length * 3 < Buffer.byteLength(got.body), `${coding} compresses the page`);
    }
    const fixed = (a: RawAnswer) =>
      a.headers.filter(([name]) => !PER_REQUEST.includes(name.toLowerCase()) && name !== 'content-length');
    assert.deepEqual(fixed(fast.got), fixed(full.got), coding);
    const withoutId = (a: RawAnswer) => a.body.replace(header(a, 'x-request-id')!, '');
    assert.equal(withoutId(fast.got), withoutId(full.got), coding);
    // Both splice the request ID, as it is, into the cached answer's kept form: a hit compresses nothing.
    for (const { got } of [fast, full]) {
      assert.ok(got.bytes.includes(`"${header(got, 'x-request-id')!}"`), `${coding}: the ID sent as it is`);
    }
  }
});

test('a page read from the database, not cached, is compressed as a cached one is', async (t) => {
  const { answer, auth } = await served(t, true);
  const url = `${PAGE}&sort=-starts_at`;
  const first = await answer(url, { ...auth, 'Accept-Encoding': 'gzip' });
  assert.equal(header(first.got, 'content-encoding'), 'gzip');
  assert.equal(JSON.parse(first.got.body).meta.request_id, header(first.got, 'x-request-id'));
});

test('uncompressed: no Accept-Encoding, identity, small answers, refusals and 304s; Vary on all', async (t) => {
  const { answer, auth, built } = await served(t, true, ['https://app.example']);
  const plain = await answer(PAGE, auth);
  assert.equal(header(plain.got, 'content-encoding'), undefined);
  assert.equal(header(plain.got, 'vary'), 'Origin, Accept-Encoding');
  const identity = await answer(PAGE, { ...auth, 'Accept-Encoding': 'identity, gzip;q=0' });
  assert.equal(header(identity.got, 'content-encoding'), undefined);
  const gzip = { ...auth, 'Accept-Encoding': 'gzip' };
  const small = await answer(`/api/v1/football/teams/${built.ids.teams.arsenal}`, gzip);
  assert.equal(small.got.status, 200);
  assert.equal(header(small.got, 'content-encoding'), undefined, 'a body under 1 KB');
  assert.equal(header(small.got, 'vary'), 'Origin, Accept-Encoding');
  const refused = await answer(PAGE, { 'Accept-Encoding': 'gzip' });
  assert.equal(refused.got.status, 401);
  assert.equal(header(refused.got, 'vary'), 'Origin, Accept-Encoding');
  const tagged = await answer(PAGE, gzip);
  const notModified = await answer(PAGE, { ...gzip, 'If-None-Match': header(tagged.got, 'etag')! });
  assert.equal(notModified.got.status, 304);
  assert.equal(header(notModified.got, 'content-encoding'), undefined);
  assert.equal(header(notModified.got, 'vary'), 'Origin, Accept-Encoding');
  assert.equal(header(notModified.got, 'etag'), header(tagged.got, 'etag'), 'one weak tag for every form');
  const head = await answer(PAGE, gzip, 'HEAD');
  assert.equal(head.got.status, 200);
  assert.equal(header(head.got, 'content-encoding'), 'gzip');
  const openapi = await answer('/api/v1/openapi.json', { 'Accept-Encoding': 'br' });
  assert.equal(header(openapi.got, 'content-encoding'), 'br', 'full-path answers are compressed whole');
  assert.ok(JSON.parse(openapi.got.body).openapi);
});

test('with compression off, answers are as before: no Content-Encoding, no Vary', async (t) => {
  const { answer, auth } = await served(t, false);
  // Read, then held.
  for (let i = 0; i < 2; i += 1) {
    const got = await answer(PAGE, { ...auth, 'Accept-Encoding': 'gzip' });
    assert.equal(header(got.got, 'content-encoding'), undefined);
    assert.equal(header(got.got, 'vary'), undefined);
  }
});
