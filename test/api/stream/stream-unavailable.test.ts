// A stream that cannot be served answers 503 in the error envelope, with no stream left open or held:
// the stream counters unreachable (Redis down, the cluster primary gone), or the live event log unreadable
// (the database down). Once they are back, the same request opens its stream.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../support/build-app.js';
import { openStream } from '../../support/stream/sse-client.js';
import { streamApp } from '../../support/stream/stream-app.js';

test('live streams while what they need is down', async (t) => {
  const { storage, ids, auth } = await buildTestApp(t);
  const { base, live } = await streamApp(t, storage);
  const url = `${base}/football/live/stream?match_id=${ids.matches.scheduled}`;
  const unavailable = async (what: string) => {
    const res = await openStream(url, auth());
    assert.equal(res.status, 503, `${what}: ${res.body}`);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    const { error } = JSON.parse(res.body) as { error: { code: string; details: Record<string, unknown> } };
    assert.equal(error.code, 'service_unavailable', what);
    assert.equal(typeof error.details.request_id, 'string', what);
  };
  const opens = async () => {
    const stream = await openStream(url, auth());
    t.after(() => stream.close());
    assert.equal(stream.status, 200);
  };

  await t.test('the stream counters cannot be reached', async () => {
    const acquire = live.slots.acquire.bind(live.slots);
    live.slots.acquire = () => Promise.reject(new Error('counters down'));
    await unavailable('counters');
    live.slots.acquire = acquire;
    await opens();
  });

  await t.test('the live event log cannot be read: the slot taken is given back', async () => {
    const ready = live.hub.ready.bind(live.hub);
    let released = 0;
    const acquire = live.slots.acquire.bind(live.slots);
    live.slots.acquire = async (...args) => {
      const release = await acquire(...args);
      return release && (() => ((released += 1), release()));
    };
    live.hub.ready = () => Promise.reject(new Error('database down'));
    await unavailable('log');
    assert.equal(released, 1, 'the slot is released');
    live.hub.ready = ready;
    live.slots.acquire = acquire;
    await opens();
  });
});
