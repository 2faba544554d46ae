// Probe of issue 38 (run by hand, not a test): `serve --workers 2` on SQLite, 8 streams of one key (4 with
// the key, 4 with stream tokens) over both workers, then `touchline keys revoke` from another process: how
// long after it each stream ends, and with which event. npm run build, then:
// node --import tsx scripts/probes/revoke-key-streams.ts
import fs from 'node:fs';
import path from 'node:path';
import { freePort, killCli, launchCli, waitForHealth } from '../../test/support/cli.js';
import { makeTempDir, prepareDatabase } from '../../test/support/production/fixture.js';
import { openStream, type OpenedStream } from '../../test/support/stream/sse-client.js';
import { openStorage } from '../../src/storage/connection.js';

const dir = makeTempDir('probe-revoke');
const databaseUrl = `sqlite:${path.join(dir, 'touchline.db')}`;
const { key, keyId } = await prepareDatabase(databaseUrl, dir, 'A');
const storage = openStorage(databaseUrl);
const match = await storage.db.selectFrom('matches').select(['id']).executeTakeFirstOrThrow();
await storage.close();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = {
  HOST: '127.0.0.1',
  PORT: String(port),
  DATABASE_URL: databaseUrl,
  TOUCHLINE_SOURCES: '',
  LOG_LEVEL: 'warn',
};
const serve = launchCli(['serve', '--workers', '2'], env);
await waitForHealth(origin, serve);
const auth = { authorization: `Bearer ${key}` };
const streams: OpenedStream[] = [];
for (let i = 0; i < 4; i += 1)
  streams.push(
    await openStream(`${origin}/api/v1/football/live/stream?match_id=${match.id}`, {
      ...auth,
      connection: 'close',
    }),
  );
for (let i = 0; i < 4; i += 1) {
  const res = await fetch(`${origin}/api/v1/football/live/stream-tokens`, {
    method: 'POST',
    headers: { ...auth, connection: 'close' },
  });
  const { data } = (await res.json()) as { data: { stream_url: string } };
  streams.push(await openStream(`${origin}${data.stream_url}`, { connection: 'close' }));
}
console.log('statuses', streams.map((s) => s.status).join(','));
const revoke = launchCli(['keys', 'revoke', keyId], { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
await revoke.exited;
const revokedAt = Date.now();
console.log('revoke:', revoke.output.stdout.trim().slice(0, 80), revoke.output.stderr.trim().slice(0, 80));
const endedAfter: number[] = [];
await Promise.all(
  streams.map(async (s) => {
    await s.until(() => s.ended, 5000, 'ended').catch(() => undefined);
    endedAfter.push(s.ended ? Date.now() - revokedAt : -1);
  }),
);
console.log('ended after ms:', endedAfter.sort((a, b) => a - b).join(', '));
console.log(
  'last events:',
  streams.map((s) => s.events.at(-1)?.event ?? '-').join(','),
  '|',
  streams[0]?.events.at(-1)?.data.slice(0, 120),
);
const after = await fetch(`${origin}/api/v1/football/matches?limit=1`, { headers: auth });
console.log('request after revoke:', after.status);
streams.forEach((s) => s.close());
await killCli(serve);
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
