// Probe of issue 38 (run by hand, not a test): `serve --workers 2` on SQLite with the admin listener; a 2 MiB
// NDJSON batch of `{}` lines while five new keys make their first request. With no argument the batch cap
// stands (10000 updates: 413); with one (e.g. 1000000) the cap is raised and all 700k lines are applied.
// npm run build, then: node --import tsx scripts/probes/admin-batch.ts [max-updates]
import fs from 'node:fs';
import path from 'node:path';
import { freePort, killCli, launchCli, waitForHealth } from '../../test/support/cli.js';
import { makeTempDir, prepareDatabase } from '../../test/support/production/fixture.js';

const dir = makeTempDir('probe-batch');
const databaseUrl = `sqlite:${path.join(dir, 'touchline.db')}`;
await prepareDatabase(databaseUrl, dir, 'A');
const port = await freePort();
const adminPort = await freePort();
const token = 'probe-admin-token-0123456789abcdef';
const origin = `http://127.0.0.1:${port}`;
const serve = launchCli(['serve', '--workers', '2'], {
  HOST: '127.0.0.1',
  PORT: String(port),
  DATABASE_URL: databaseUrl,
  TOUCHLINE_SOURCES: '',
  LOG_LEVEL: 'warn',
  TOUCHLINE_ADMIN_PORT: String(adminPort),
  TOUCHLINE_ADMIN_TOKEN: token,
  TOUCHLINE_ADMIN_MAX_BATCH_UPDATES: process.argv[2] ?? '10000',
});
await waitForHealth(origin, serve);
const body = '{}\n'.repeat(Math.floor((2 * 1024 * 1024) / 3));
const started = Date.now();
const batch = fetch(`http://127.0.0.1:${adminPort}/admin/v1/live/updates`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
  body,
}).then(async (r) => ({
  status: r.status,
  ms: Date.now() - started,
  bytes: (await r.arrayBuffer()).byteLength,
}));
await new Promise((r) => setTimeout(r, 200));
const firsts: string[] = [];
for (let i = 0; i < 5; i += 1) {
  const created = launchCli(['keys', 'create', '--name', `probe ${i}`], {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
  });
  await created.exited;
  const key = created.output.stdout.trim().split('\n').at(-1)!.trim();
  const t0 = Date.now();
  const res = await fetch(`${origin}/api/v1/football/matches?limit=1`, {
    headers: { authorization: `Bearer ${key}` },
    signal: AbortSignal.timeout(15000),
  }).catch((e) => ({ status: String(e.name), headers: new Headers() }));
  firsts.push(
    `${res.status}${res.headers.get('retry-after') ? ` retry-after ${res.headers.get('retry-after')}` : ''} in ${Date.now() - t0} ms`,
  );
}
console.log('new keys first requests:', firsts.join('; '));
console.log('batch:', JSON.stringify(await batch));
await killCli(serve);
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
