// Several instances sharing one Redis: an update announced by any of them (or by a command) reaches the
// streams of every instance at once, a token from one opens a stream on another, and a key's streams are
// counted across them.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { pino } from 'pino';
import { openRedis } from '../../../src/cache/redis-response-cache.js';
import { loadConfig } from '../../../src/config/config.js';
import { startServer } from '../../../src/server/start-server.js';
import { RedisStreamSlots } from '../../../src/stream/redis-stream-slots.js';
import { RedisWake } from '../../../src/stream/redis-wake.js';
import { openLiveAnnouncer } from '../../../src/stream/live-announcer.js';
import { notifyLiveEvents } from '../../../src/stream/live-notify.js';
import { buildTestApp } from '../../support/build-app.js';
import { REDIS_PORT, requireService } from '../../support/production/services.js';
import { openStream } from '../../support/stream/sse-client.js';
import { appendUpdate, SECRET } from '../../support/stream/stream-app.js';

const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;

test('two instances with Redis: a wake-up announced anywhere reaches every instance’s streams at once', async (t) => {
  if (!(await requireService(t, REDIS_PORT, 'Redis'))) return;
  const built = await buildTestApp(t);
  const config = loadConfig({
    DATABASE_URL: built.databaseUrl,
    REDIS_URL,
    HOST: '127.0.0.1',
    PORT: '0',
    TOUCHLINE_SOURCES: '',
    // Only a wake-up brings an event within the test's second.
    TOUCHLINE_LIVE_POLL_MS: '60000',
    TOUCHLINE_STREAM_TOKEN_SECRET: SECRET,
    TOUCHLINE_SHARED_CACHE_TTL_SECONDS: '1',
    TOUCHLINE_DRAIN_MS: '0',
  });
  const log = pino({ level: 'silent' });
  const servers = [await startServer(config, log), await startServer(config, log)];
  t.after(() => Promise.all(servers.map((server) => server.close())));
  const match = built.ids.matches.scheduled;
  const [a, b] = servers.map((server) => `${server.url}/api/v1`);

  // A token issued by one instance opens a stream on the other (the same secret).
  const issued = await fetch(`${a}/football/live/stream-tokens?match_id=${match}`, {
    method: 'POST',
    headers: built.auth(),
  });
  const { data } = (await issued.json()) as { data: { stream_url: string } };
  const onB = await openStream(`${servers[1]!.url}${data.stream_url}`);
  const onA = await openStream(`${a}/football/live/stream?match_id=${match}`, built.auth());
  t.after(() => [onA, onB].forEach((s) => s.close()));
  assert.deepEqual([onA.status, onB.status], [200, 200], onB.body);
  void b;

  // Another instance, or `touchline live …` in a process of its own, announces what it committed.
  const announcer = new RedisWake(REDIS_URL, { onError: () => undefined });
  t.after(() => announcer.close());
  const seq = await appendUpdate(built.storage, match, built.ids.competitions.en1);
  const started = Date.now();
  // Announced again until it arrives: an instance's subscription is made at its start, and may not be in
  // place yet. Arriving at all within the test's seconds shows the wake-up, as the poll is a minute.
  const announcing = setInterval(() => announcer.publish(), 250);
  t.after(() => clearInterval(announcing));
  announcer.publish();
  const arrived = (s: typeof onA) => s.events.some((e) => e.id === String(seq));
  await onA.until(() => arrived(onA), 3000, 'the event on the first instance');
  await onB.until(() => arrived(onB), 3000, 'the event on the second instance');
  clearInterval(announcing);
  assert.ok(Date.now() - started < 3000, `within ${Date.now() - started} ms, not at the next poll`);
});

test('stream slots in Redis hold a key’s limit across instances, and lapse when not renewed', async (t) => {
  if (!(await requireService(t, REDIS_PORT, 'Redis'))) return;
  const clients = [openRedis(REDIS_URL, () => undefined), openRedis(REDIS_URL, () => undefined)];
  const keyId = `key_test_${randomUUID()}`;
  t.after(async () => {
    await clients[0]!.del(`touchline:streams:${keyId}`).catch(() => undefined);
    for (const client of clients) client.disconnect();
  });
  await Promise.all(clients.map((c) => new Promise((resolve) => c.once('ready', resolve))));
  const [one, two] = clients.map((client) => new RedisStreamSlots(client));
  t.after(async () => {
    await one!.close();
    await two!.close();
  });
  const first = await one!.acquire(keyId, 2);
  const second = await two!.acquire(keyId, 2);
  assert.ok(first && second);
  assert.equal(await one!.acquire(keyId, 2), undefined, 'the third refused on either instance');
  assert.equal(await two!.acquire(keyId, 2), undefined);
  second!();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const third = await one!.acquire(keyId, 2);
  assert.ok(third, 'a released slot is free on every instance');
  // A slot nobody renews (its instance died) lapses: simulated by moving its lapse into the past.
  await clients[0]!.zadd(`touchline:streams:${keyId}`, Date.now() - 1, 'a-dead-instance-stream');
  first!();
  third!();
  assert.ok(await two!.acquire(keyId, 2));
  assert.ok(await two!.acquire(keyId, 2), 'the lapsed slot does not count');
});

test('a command that applies updates announces them on Redis', async (t) => {
  if (!(await requireService(t, REDIS_PORT, 'Redis'))) return;
  let heard = 0;
  const listener = new RedisWake(REDIS_URL, { onWake: () => (heard += 1), onError: () => undefined });
  t.after(() => listener.close());
  assert.equal(await listener.subscribed, true);
  const announcer = openLiveAnnouncer(REDIS_URL, { error: () => undefined, warn: () => undefined });
  notifyLiveEvents();
  notifyLiveEvents();
  await announcer.close();
  const deadline = Date.now() + 2000;
  while (heard === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(heard, 1, 'two notifications in one turn: one announcement, sent before closing');
  notifyLiveEvents();
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(heard, 1, 'nothing once closed');
});
