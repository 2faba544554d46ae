// The first start serves data, with network or without (issue 45): without it, the starter dataset
// shipped in data/starter/ answers World Cup matches within 30 s and /coverage/summary says so; with the
// sources reachable (a local mirror of ../shared/data, each source a .tar.gz as its repository's archive
// is), the first start ingests every one of them and the starter set is replaced.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { create as createTar } from 'tar';
import { freePort, runCli, waitForHealth, type RunningCli } from '../../support/cli.js';
import { DATA, needsSharedData } from '../../support/shared-data.js';

const KEY = /\btest_[A-Za-z0-9]{20,}\b/;
const SOURCES = ['openfootball', 'worldcup-json', 'international-results', 'fjelstul', 'football-data'];

interface Summary {
  matches: number;
  starter_data: boolean;
  sources: Array<{ source: string; starter: boolean; last_outcome: string; last_success_at: string | null }>;
}

function serverEnv(dir: string, port: number, sources: string, extra: Record<string, string> = {}) {
  return {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${path.join(dir, 'first.db')}`,
    TOUCHLINE_SOURCES: sources,
    TOUCHLINE_REFRESH: 'off',
    LOG_LEVEL: 'info',
    TOUCHLINE_ACCESS_LOG: 'off',
    ...extra,
  };
}

async function getJson<T>(base: string, key: string, url: string): Promise<T> {
  const res = await fetch(`${base}/api/v1${url}`, { headers: { authorization: `Bearer ${key}` } });
  assert.equal(res.status, 200, `${url}: ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

/** Polls `check` every 200 ms until it returns a value, or fails after `ms` with the server's output. */
async function within<T>(ms: number, server: RunningCli, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      assert.fail(`not within ${ms} ms; output:\n${server.output.stdout.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const worldCupMatches = async (base: string, key: string) => {
  const [worldCup] = await getJson<Array<{ id: string }>>(base, key, '/football/competitions?q=World%20Cup');
  if (!worldCup) return undefined;
  const matches = await getJson<Array<{ id: string }>>(
    base,
    key,
    `/football/matches?competition_id=${worldCup.id}&limit=5`,
  );
  return matches.length > 0 ? matches : undefined;
};

function tempDir(t: TestContext): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-first-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('without network, the first start serves the starter dataset within 30 s and says so', async (t) => {
  const dir = tempDir(t);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Port 1 refuses every connection: each source fails at once, as it does without network.
  const unreachable = SOURCES.map((s) => `${s}=http://127.0.0.1:1/${s}.tar.gz`).join(',');
  const started = Date.now();
  const server = runCli(t, ['serve'], serverEnv(dir, port, unreachable));
  await waitForHealth(base, server, 20_000);
  const key = KEY.exec(server.output.stdout)?.[0];
  assert.ok(key, `a key is printed: ${server.output.stdout}`);

  const matches = await within(30_000 - (Date.now() - started), server, () => worldCupMatches(base, key));
  assert.ok(matches.length > 0);
  assert.ok(Date.now() - started < 30_000, 'World Cup matches within 30 s of the start');

  // Every configured source was tried and failed; the summary says the starter set is what is served.
  const summary = await within(20_000, server, async () => {
    const s = await getJson<Summary>(base, key, '/coverage/summary');
    return s.sources.length === SOURCES.length ? s : undefined;
  });
  assert.equal(summary.starter_data, true);
  assert.ok(summary.matches > 900, `the World Cups' matches: ${summary.matches}`);
  const worldcup = summary.sources.find((s) => s.source === 'worldcup-json')!;
  assert.equal(worldcup.starter, true);
  assert.equal(worldcup.last_outcome, 'failed', 'the source itself is tried after the starter set');
  assert.notEqual(worldcup.last_success_at, null);
  for (const s of summary.sources.filter((s) => s.source !== 'worldcup-json')) {
    assert.deepEqual([s.starter, s.last_success_at], [false, null], s.source);
  }
  assert.match(server.output.stdout, /starter dataset ingested/);
});

/** A local mirror: each folder served as a .tar.gz at /<name>.tar.gz, built once into `dir`. */
async function startMirror(t: TestContext, dir: string, folders: Record<string, string>) {
  const archives = new Map<string, string>();
  for (const [name, folder] of Object.entries(folders)) {
    const file = path.join(dir, `${name}.tar.gz`);
    await createTar({ gzip: true, cwd: path.dirname(folder), file, portable: true }, [path.basename(folder)]);
    archives.set(`/${name}.tar.gz`, file);
  }
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const file = archives.get(req.url ?? '');
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/gzip' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

test('with the sources reachable, the first start ingests every one of them', async (t) => {
  if (!needsSharedData(t)) return;
  const dir = tempDir(t);
  const mirror = await startMirror(t, dir, {
    openfootball: DATA.footballJson,
    'worldcup-json': DATA.worldcupJson,
    'international-results': DATA.internationalResults,
    fjelstul: DATA.fjelstul,
    'football-data': DATA.footballData,
    clubs: DATA.clubs,
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const sources = SOURCES.map((s) => `${s}=${mirror.url}/${s}.tar.gz`).join(',');
  const server = runCli(
    t,
    ['serve'],
    serverEnv(dir, port, sources, { TOUCHLINE_CLUBS: `${mirror.url}/clubs.tar.gz` }),
  );
  await waitForHealth(base, server, 20_000);
  const key = KEY.exec(server.output.stdout)![0];
  // The starter set and the five sources, each ended: a success's last line or a failure's warning.
  const ended = /run \d+ succeeded in|background ingestion failed|starter dataset ingested/g;
  await within(300_000, server, async () =>
    (server.output.stdout.match(ended) ?? []).length >= SOURCES.length + 1 ? true : undefined,
  );
  const summary = await getJson<Summary>(base, key, '/coverage/summary');
  assert.deepEqual(
    summary.sources.map((s) => [s.source, s.last_outcome]).sort(),
    SOURCES.map((s) => [s, 'succeeded']).sort(),
    server.output.stdout.slice(-3000),
  );
  assert.equal(summary.starter_data, false);
  assert.ok(
    summary.sources.every((s) => !s.starter),
    'the World Cups source replaced the starter set',
  );
  assert.ok(summary.matches > 130_000, `every source's matches: ${summary.matches}`);
  for (const s of SOURCES) assert.ok(mirror.asked.includes(`/${s}.tar.gz`), `${s} was asked for`);
});
