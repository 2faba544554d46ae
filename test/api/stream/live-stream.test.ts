// GET /football/live/stream through a listening server: events as they are appended to the log, resumed
// from Last-Event-ID, heartbeats, filters, the answers refused before a stream opens, and shutdown.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../../support/build-app.js';
import { notifyLiveEvents } from '../../../src/stream/live-notify.js';
import { openStream } from '../../support/stream/sse-client.js';
import { appendUpdate, streamApp } from '../../support/stream/stream-app.js';

test('the live stream', async (t) => {
  const built = await buildTestApp(t);
  const { storage, ids, auth } = built;
  const en1 = ids.competitions.en1;
  const de1 = ids.competitions.de1;
  const city = ids.matches.scheduled;
  const bayern = ids.matches.bayernAugsburg;
  // A slow poll: only a notification brings an event at once.
  const { base, live } = await streamApp(t, storage, { feed: { livePollMs: 60_000, heartbeatMs: 150 } });
  const url = (query = '') => `${base}/football/live/stream${query}`;

  await t.test('each applied update arrives as an event, at once when notified', async () => {
    const stream = await openStream(url(`?match_id=${city}`), auth());
    t.after(() => stream.close());
    assert.equal(stream.status, 200);
    assert.equal(stream.headers['content-type'], 'text/event-stream; charset=utf-8');
    assert.equal(stream.headers['cache-control'], 'no-store');
    assert.match(String(stream.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    assert.equal(stream.headers['x-ratelimit-limit'], '600');
    await stream.until(() => stream.retry === 2000, 2000, 'the retry hint');
    const seq = await appendUpdate(storage, city, en1, { goal: 1 });
    const started = Date.now();
    notifyLiveEvents();
    await stream.until(() => stream.events.length === 1, 2000, 'the event');
    assert.ok(Date.now() - started < 1000, 'delivered on notification, not at the next poll');
    const [event] = stream.events;
    assert.equal(event!.id, String(seq));
    assert.equal(event!.event, 'update');
    assert.deepEqual(JSON.parse(event!.data), {
      match_id: city,
      competition_id: en1,
      n: JSON.parse(event!.data).n,
      goal: 1,
    });
  });

  await t.test('filters: a match, a competition, or every event', async () => {
    const ofMatch = await openStream(url(`?match_id=${bayern}`), auth());
    const ofCompetition = await openStream(url(`?competition_id=${en1}`), auth());
    const all = await openStream(url(), auth());
    t.after(() => [ofMatch, ofCompetition, all].forEach((s) => s.close()));
    await all.until(() => all.retry !== undefined);
    const a = await appendUpdate(storage, city, en1);
    const b = await appendUpdate(storage, bayern, de1);
    const c = await appendUpdate(storage, ids.matches.postponed, en1);
    notifyLiveEvents();
    await all.until(() => all.events.length === 3, 2000, 'every event');
    await ofCompetition.until(() => ofCompetition.events.length === 2, 2000, 'the competition’s');
    await ofMatch.until(() => ofMatch.events.length === 1, 2000, 'the match’s');
    assert.deepEqual(
      all.events.map((e) => Number(e.id)),
      [a, b, c],
    );
    assert.deepEqual(
      ofCompetition.events.map((e) => Number(e.id)),
      [a, c],
    );
    assert.deepEqual(
      ofMatch.events.map((e) => Number(e.id)),
      [b],
    );
  });

  await t.test('without a notification, the poll brings the event', async (tt) => {
    const polled = await streamApp(tt, storage, { feed: { livePollMs: 50 } });
    const stream = await openStream(`${polled.base}/football/live/stream?match_id=${city}`, auth());
    tt.after(() => stream.close());
    const seq = await appendUpdate(storage, city, en1);
    await stream.until(() => stream.events.some((e) => e.id === String(seq)), 3000, 'the polled event');
  });

  await t.test('resumes after Last-Event-ID, or last_event_id, from the log', async () => {
    const first = await appendUpdate(storage, bayern, de1);
    const second = await appendUpdate(storage, city, en1);
    const third = await appendUpdate(storage, bayern, de1);
    notifyLiveEvents();
    await live.hub.ready();
    const deadline = Date.now() + 2000;
    while ((live.hub.cursor ?? 0) < third && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const header = await openStream(url(`?match_id=${bayern}`), {
      ...auth(),
      'last-event-id': String(first - 1),
    });
    const query = await openStream(url(`?competition_id=${de1}&last_event_id=${first}`), auth());
    const both = await openStream(url(`?last_event_id=0`), { ...auth(), 'last-event-id': String(second) });
    t.after(() => [header, query, both].forEach((s) => s.close()));
    await header.until(() => header.events.length === 2, 2000, 'the backlog of the match');
    assert.deepEqual(
      header.events.map((e) => Number(e.id)),
      [first, third],
    );
    await query.until(() => query.events.length === 1, 2000, 'the backlog after last_event_id');
    assert.deepEqual(
      query.events.map((e) => Number(e.id)),
      [third],
    );
    await both.until(() => both.events.length >= 1, 2000, 'the header wins');
    assert.equal(Number(both.events[0]!.id), third);
    // Then live events follow the backlog, none twice.
    const fourth = await appendUpdate(storage, bayern, de1);
    notifyLiveEvents();
    await header.until(() => header.events.length === 3, 2000, 'the live event after the backlog');
    assert.deepEqual(
      header.events.map((e) => Number(e.id)),
      [first, third, fourth],
    );
  });

  await t.test('a long backlog comes in order, in pages', async () => {
    const from = live.hub.cursor ?? 0;
    const appended: number[] = [];
    for (let i = 0; i < 450; i += 1) appended.push(await appendUpdate(storage, ids.matches.noTime, en1));
    notifyLiveEvents();
    const stream = await openStream(url(`?match_id=${ids.matches.noTime}`), {
      ...auth(),
      'last-event-id': String(from),
    });
    t.after(() => stream.close());
    await stream.until(() => stream.events.length === 450, 5000, 'the whole backlog');
    assert.deepEqual(
      stream.events.map((e) => Number(e.id)),
      appended,
    );
  });

  await t.test('a heartbeat comment comes when nothing else does', async () => {
    const stream = await openStream(url(`?match_id=${ids.matches.unplayed}`), auth());
    t.after(() => stream.close());
    await stream.until(() => stream.comments >= 2, 2000, 'two heartbeats');
    assert.equal(stream.events.length, 0);
  });

  await t.test('answers refused before a stream opens are JSON errors', async () => {
    const refused = async (query: string, headers: Record<string, string>, status: number, code: string) => {
      const res = await openStream(url(query), headers);
      assert.equal(res.status, status, `${query}: ${res.body}`);
      assert.match(String(res.headers['content-type']), /^application\/json/);
      assert.equal((JSON.parse(res.body) as { error: { code: string } }).error.code, code);
      return res;
    };
    const missing = await refused(`?match_id=${city}`, {}, 401, 'invalid_api_key');
    assert.equal(missing.headers['www-authenticate'], 'Bearer realm="touchline"');
    await refused(`?match_id=${city}`, auth(built.keys.revoked), 401, 'invalid_api_key');
    await refused(`?match_id=${city}`, auth(built.keys.inactive), 403, 'subscription_inactive');
    const unknown = await refused('?match_id=match_4x7k2m9q8w1z5v3n', auth(), 404, 'not_found');
    assert.equal(unknown.headers['x-ratelimit-limit'], '600', 'counted, as any 404');
    await refused('?competition_id=comp_4x7k2m9q8w1z5v3n', auth(), 404, 'not_found');
    await refused(`?match_id=${city}&competition_id=${en1}`, auth(), 400, 'invalid_parameter');
    await refused('?match_id=nope', auth(), 400, 'invalid_parameter');
    await refused(`?match_id=${city}`, { ...auth(), 'last-event-id': 'abc' }, 400, 'invalid_parameter');
    await refused('?since=1', auth(), 400, 'invalid_parameter');
  });

  await t.test('HEAD answers the stream’s head and no body', async () => {
    const res = await fetch(url(`?match_id=${city}`), { method: 'HEAD', headers: auth() });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  });
});

test('closing the server ends its streams at once', async (t) => {
  const built = await buildTestApp(t);
  const { app, base } = await streamApp(t, built.storage);
  const streams = await Promise.all(
    [0, 1, 2].map(() => openStream(`${base}/football/live/stream`, built.auth())),
  );
  for (const stream of streams) await stream.until(() => stream.retry !== undefined);
  const started = Date.now();
  await app.close();
  assert.ok(Date.now() - started < 2000, `closed in ${Date.now() - started} ms`);
  for (const stream of streams) await stream.until(() => stream.ended, 2000, 'the stream ended');
});
