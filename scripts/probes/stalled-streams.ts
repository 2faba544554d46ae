// Probe of issue 38 (run by hand, not a test: it takes half a minute and prints figures rather than asserting):
// `serve --workers 2` (SQLite, or PostgreSQL + Redis with the argument `pg`), 100 stalled streams on one key,
// 100 updates of about 100 KB; each worker's peak RSS, another client's 100 requests, the workers alive.
// npm run build, then: node --import tsx scripts/probes/stalled-streams.ts [pg]
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { openStorage } from '../../src/storage/connection.js';
import { freePort, killCli, launchCli, waitForHealth } from '../../test/support/cli.js';
import { makeTempDir, prepareDatabase } from '../../test/support/production/fixture.js';
import { appendUpdate } from '../../test/support/stream/stream-app.js';
import { createPgDatabase } from '../../test/support/production/services.js';

const dir = makeTempDir('probe');
const pgDb = process.argv[2] === 'pg' ? await createPgDatabase('probe') : undefined;
const databaseUrl = pgDb ? pgDb.url() : `sqlite:${path.join(dir, 'touchline.db')}`;
const { key } = await prepareDatabase(databaseUrl, dir, 'A');
const storage = openStorage(databaseUrl);
const match = await storage.db
  .selectFrom('matches')
  .select(['id', 'competition_id'])
  .executeTakeFirstOrThrow();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const serve = launchCli(['serve', '--workers', '2'], {
  HOST: '127.0.0.1',
  PORT: String(port),
  DATABASE_URL: databaseUrl,
  TOUCHLINE_SOURCES: '',
  TOUCHLINE_LIVE_POLL_MS: '100',
  LOG_LEVEL: 'warn',
  TOUCHLINE_STREAM_MAX_PER_KEY: '200',
  TOUCHLINE_STREAM_MAX_PER_WORKER: '200',
  ...(pgDb ? { REDIS_URL: 'redis://127.0.0.1:6379' } : {}),
});
await waitForHealth(origin, serve);
const rss = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
const workers = () =>
  fs
    .readFileSync(`/proc/${serve.child.pid}/task/${serve.child.pid}/children`, 'utf8')
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
const maxRss = new Map<number, number>();
const sampler = setInterval(() => {
  for (const w of workers()) maxRss.set(w, Math.max(maxRss.get(w) ?? 0, rss(w)));
}, 100);
const sockets: net.Socket[] = [];
const firstBytes: string[] = [];
for (let i = 0; i < 100; i += 1) {
  const s = net.connect(port, '127.0.0.1');
  await new Promise((r) => s.once('connect', r));
  s.once('data', (d) => {
    firstBytes.push(d.toString('latin1').split('\r\n')[0]!);
    s.pause();
  });
  s.write(
    `GET /api/v1/football/live/stream?match_id=${match.id} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`,
  );
  sockets.push(s);
}
await new Promise((r) => setTimeout(r, 1000));
console.log(
  'stream answers:',
  JSON.stringify(
    Object.entries(
      firstBytes.reduce((a, l) => ({ ...a, [l]: (a[l] ?? 0) + 1 }), {} as Record<string, number>),
    ),
  ),
);
const statuses: Record<string, number> = {};
let slowest = 0;
const other = (async () => {
  for (let i = 0; i < 100; i += 1) {
    const started = Date.now();
    const res = await fetch(`${origin}/api/v1/football/matches?limit=5`, {
      headers: { authorization: `Bearer ${key}` },
    }).catch(() => undefined);
    slowest = Math.max(slowest, Date.now() - started);
    statuses[String(res?.status ?? 'error')] = (statuses[String(res?.status ?? 'error')] ?? 0) + 1;
    await res?.arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
  }
})();
const pad = 'x'.repeat(100_000);
for (let i = 0; i < 100; i += 1) await appendUpdate(storage, match.id, match.competition_id, { pad });
await other;
await new Promise((r) => setTimeout(r, 2000));
clearInterval(sampler);
const closed = sockets.filter((s) => s.destroyed || s.readableEnded).length;
console.log('max worker RSS MB:', [...maxRss.values()].map((v) => v.toFixed(0)).join(', '));
console.log('other client:', JSON.stringify(statuses), 'slowest ms', slowest);
console.log('stalled sockets ended by the server:', closed, 'of', sockets.length);
console.log(
  'workers alive:',
  workers().length,
  'serve stderr tail:',
  serve.output.stderr.split('\n').filter(Boolean).slice(-3).join(' | '),
);
sockets.forEach((s) => s.destroy());
await killCli(serve);
await storage.close();
fs.rmSync(dir, { recursive: true, force: true });
await pgDb?.drop();
process.exit(0);
