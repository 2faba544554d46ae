// `touchline serve --workers 2`: the primary follows the log and every worker's streams get each event;
// a token issued by one worker opens streams on the other, signed with the development secret kept beside
// the database (each worker reads the file), or in production with the secret the primary made at start
// and handed to its workers; SIGTERM ends open streams and exits promptly.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test, type TestContext } from 'node:test';
import { issueApiKey } from '../../../src/auth/api-keys.js';
import type { Environment } from '../../../src/config/config.js';
import { insertApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import { openStorage } from '../../../src/storage/connection.js';
import { exitWithin, freePort, runCli, waitForHealth } from '../../support/cli.js';
import { makeTempDir, prepareDatabase } from '../../support/production/fixture.js';
import { exitIfStuck } from '../../support/production/wait.js';
import { openStream, type OpenedStream } from '../../support/stream/sse-client.js';
import { appendUpdate } from '../../support/stream/stream-app.js';

after(() => exitIfStuck());

async function servedStreams(t: TestContext, environment: Environment): Promise<void> {
  const dir = makeTempDir('stream-workers');
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const databaseUrl = `sqlite:${path.join(dir, 'touchline.db')}`;
  let { key } = await prepareDatabase(databaseUrl, dir, 'A');
  const storage = openStorage(databaseUrl);
  t.after(() => storage.close());
  if (environment === 'production') {
    // A production server takes production keys only.
    const issued = issueApiKey('production', 'production streams', new Date(), undefined, { plan: 'pro' });
    await insertApiKey(storage.db, issued.row);
    key = issued.key;
  }
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
    TOUCHLINE_ENV: environment,
    TOUCHLINE_LIVE_POLL_MS: '100',
    TOUCHLINE_DRAIN_MS: '200',
    LOG_LEVEL: 'warn',
  });
  await waitForHealth(origin, serve);
  const secretFile = path.join(dir, 'stream-token-secret');
  if (environment === 'production') {
    assert.match(serve.output.stdout, /TOUCHLINE_STREAM_TOKEN_SECRET is not set/, 'the made secret is told');
    assert.equal(fs.existsSync(secretFile), false, 'and kept nowhere');
  } else {
    assert.doesNotMatch(
      serve.output.stdout,
      /TOUCHLINE_STREAM_TOKEN_SECRET is not set/,
      'nothing to warn of',
    );
    assert.ok(fs.existsSync(secretFile), 'the development secret is kept beside the database');
  }
  const auth = { authorization: `Bearer ${key}` };

  // Each stream on a connection of its own: the cluster hands connections to the workers in turn.
  const streams: OpenedStream[] = [];
  t.after(() => streams.forEach((s) => s.close()));
  for (let i = 0; i < 4; i += 1) {
    streams.push(await openStream(`${origin}/api/v1/football/live/stream?match_id=${match.id}`, auth));
  }
  // Tokens issued by one worker and used on others: the secret is every worker's.
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
}

for (const environment of ['development', 'production'] as const) {
  test(
    `serve --workers 2 (${environment}): every worker’s streams get every event`,
    { timeout: 90_000 },
    (t) => servedStreams(t, environment),
  );
}
