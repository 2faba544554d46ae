// `touchline serve --workers 2`: the primary follows the log and every worker's streams get each event;
// a token issued by one worker opens streams on the other; SIGTERM ends open streams and exits promptly.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { openStorage } from '../../../src/storage/connection.js';
import { exitWithin, freePort, runCli, waitForHealth } from '../../support/cli.js';
import { makeTempDir, prepareDatabase } from '../../support/production/fixture.js';
import { exitIfStuck } from '../../support/production/wait.js';
import { openStream, type OpenedStream } from '../../support/stream/sse-client.js';
import { appendUpdate } from '../../support/stream/stream-app.js';

after(() => exitIfStuck());

test('serve --workers 2: every worker’s streams get every event', { timeout: 90_000 }, async (t) => {
  const dir = makeTempDir('stream-workers');
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const databaseUrl = `sqlite:${path.join(dir, 'touchline.db')}`;
  const { key } = await prepareDatabase(databaseUrl, dir, 'A');
  const storage = openStorage(databaseUrl);
  t.after(() => storage.close());
  const match = await storage.db
    .selectFrom('matches')
    .select(['id', 'competition_id'])
    .executeTakeFirstOrThrow();

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const serve = runCli(t, ['serve', '--workers', '2'], {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    TOUCHLINE_SOURCES: '',
    TOUCHLINE_LIVE_POLL_MS: '100',
    TOUCHLINE_DRAIN_MS: '200',
    LOG_LEVEL: 'warn',
  });
  await waitForHealth(origin, serve);
  assert.match(
    serve.output.stdout,
    /TOUCHLINE_STREAM_TOKEN_SECRET is not set/,
    'the generated secret is told',
  );
  const auth = { authorization: `Bearer ${key}` };

  // Each stream on a connection of its own: the cluster hands connections to the workers in turn.
  const streams: OpenedStream[] = [];
  t.after(() => streams.forEach((s) => s.close()));
  for (let i = 0; i < 4; i += 1) {
    streams.push(await openStream(`${origin}/api/v1/football/live/stream?match_id=${match.id}`, auth));
  }
  // Tokens issued by one worker and used on others: the primary's generated secret is every worker's.
  for (let i = 0; i < 4; i += 1) {
    const res = await fetch(`${origin}/api/v1/football/live/stream-tokens`, {
      method: 'POST',
      headers: { ...auth, connection: 'close' },
    });
    const { data } = (await res.json()) as { data: { stream_url: string } };
    streams.push(await openStream(`${origin}${data.stream_url}`, { connection: 'close' }));
  }
  assert.deepEqual(
    streams.map((s) => s.status),
    Array(8).fill(200),
    streams.map((s) => s.body).join(' '),
  );
  for (const stream of streams) await stream.until(() => stream.retry !== undefined);

  // Appended by another process (as `touchline live` would): the primary's poll finds it.
  const seq = await appendUpdate(storage, match.id, match.competition_id);
  for (const stream of streams) {
    await stream.until(
      () => stream.events.some((e) => e.id === String(seq)),
      5000,
      'the event on every stream',
    );
  }
  const second = await appendUpdate(storage, match.id, match.competition_id);
  for (const stream of streams) {
    await stream.until(() => stream.events.length === 2, 5000, 'the next event');
    assert.deepEqual(
      stream.events.map((e) => Number(e.id)),
      [seq, second],
    );
  }

  serve.child.kill('SIGTERM');
  assert.deepEqual(await exitWithin(serve, 10_000), { code: 0, signal: null });
  for (const stream of streams) await stream.until(() => stream.ended, 2000, 'the stream ended');
  assert.doesNotMatch(serve.output.stderr, /\n\s+at /, 'no stack trace');
});
