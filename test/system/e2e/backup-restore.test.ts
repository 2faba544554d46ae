// `touchline backup` while a real server answers a steady load, `restore` refused while that server has the
// database open, and the backup restored elsewhere serving the very same answers. SQLite only: with
// PostgreSQL both commands refuse, pointing at pg_dump and pg_restore (test/system/cli/backup-restore.test.ts).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { issueApiKey } from '../../../src/auth/api-keys.js';
import { loadOpenfootball } from '../../../src/ingest/openfootball/adapter.js';
import { runIngestion } from '../../../src/ingest/runner.js';
import { openStorage } from '../../../src/storage/connection.js';
import { MIGRATION_NAMES, migrateToLatest } from '../../../src/storage/migrations/migrate.js';
import { insertApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import { entry, epl, writeClubs, writeFootballJson } from '../../support/ingest/football-json-fixture.js';
import { cliOnce, freePort, runCli, waitForHealth } from '../../support/cli.js';

const LATEST = MIGRATION_NAMES.at(-1)!;

/** Three seasons of a 20-club league, every club meeting every other twice: 1,140 matches. */
function league(dir: string): string {
  const clubs = Array.from({ length: 20 }, (_, i) => `Club ${String(i + 1).padStart(2, '0')} FC`);
  const files: Record<string, ReturnType<typeof epl>> = {};
  for (const year of [2021, 2022, 2023]) {
    const season = `${year}-${String(year + 1).slice(2)}`;
    const matches = clubs.flatMap((home, h) =>
      clubs
        .filter((away) => away !== home)
        .map((away, a) => {
          const day = new Date(Date.UTC(year, 7, 1 + ((h * 19 + a) % 280)));
          const score = { ft: [(h + a) % 4, (h * a) % 3] };
          return entry(`${day.toISOString().slice(0, 10)} 15:00`, home, away, score, {
            round: `Matchday ${1 + ((h + a) % 38)}`,
          });
        }),
    );
    files[`${season}/en.1`] = epl(season, matches);
  }
  return writeFootballJson(dir, files);
}

/** A migrated SQLite database with the league and one key on an unmetered plan; the key. */
async function seed(dir: string, file: string): Promise<string> {
  const storage = openStorage(`sqlite:${file}`);
  try {
    await migrateToLatest(storage);
    const from = league(dir);
    const clubs = writeClubs(dir);
    const run = await runIngestion(storage, {
      source: 'openfootball',
      location: from,
      load: () => loadOpenfootball({ from, clubs }),
      clock: () => new Date('2024-06-01T12:00:00Z'),
    });
    assert.equal(run.outcome, 'succeeded', run.error ?? '');
    const issued = issueApiKey('development', 'backup', new Date(), undefined, { plan: 'load' });
    await insertApiKey(storage.db, issued.row);
    return issued.key;
  } finally {
    await storage.close();
  }
}

async function serve(t: TestContext, file: string, plans: string) {
  const port = await freePort();
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite:${file}`,
    TOUCHLINE_SOURCES: '',
    TOUCHLINE_PLANS_FILE: plans,
    LOG_LEVEL: 'warn',
  };
  const server = runCli(t, ['serve'], env);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, server);
  return { base, env };
}

/** The body of a 200 answer, request IDs (in error envelopes only) aside. */
async function body(base: string, route: string, key: string): Promise<string> {
  const res = await fetch(`${base}/api/v1${route}`, { headers: { authorization: `Bearer ${key}` } });
  const text = await res.text();
  assert.equal(res.status, 200, `${route}: ${text}`);
  return text.replace(/"request_id":"[^"]*"/g, '"request_id":""');
}

/** Routes over every kind of record, with IDs read from the server. */
async function routes(base: string, key: string): Promise<string[]> {
  const competitions = JSON.parse(await body(base, '/football/competitions', key)) as {
    data: Array<{ id: string }>;
  };
  const competition = competitions.data[0]!.id;
  const seasons = JSON.parse(await body(base, `/football/competitions/${competition}/seasons`, key)) as {
    data: Array<{ id: string }>;
  };
  const matches = JSON.parse(await body(base, '/football/matches?limit=100', key)) as {
    data: Array<{ id: string; home_team: { id: string } }>;
  };
  const match = matches.data[40]!;
  return [
    '/football/competitions',
    `/football/competitions/${competition}`,
    `/football/competitions/${competition}/seasons`,
    ...seasons.data.map((s) => `/football/competitions/${competition}/seasons/${s.id}/standings`),
    '/football/matches?limit=100',
    '/football/matches?limit=100&page=5',
    `/football/matches/${match.id}`,
    `/football/teams/${match.home_team.id}`,
    '/football/teams?limit=100',
    '/coverage/summary',
    '/coverage/leagues',
  ];
}

test(
  'a backup taken under load restores elsewhere and serves the same answers',
  { timeout: 180_000 },
  async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-backup-'));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const plans = path.join(dir, 'plans.json');
    fs.writeFileSync(
      plans,
      JSON.stringify([
        {
          name: 'load',
          requests_per_minute: 10_000_000,
          requests_per_period: 1_000_000_000,
          description: 'load',
        },
      ]),
    );
    const original = path.join(dir, 'original.db');
    const key = await seed(dir, original);
    const first = await serve(t, original, plans);
    const list = await routes(first.base, key);

    // Four clients asking in turn for every route, uncached pages included, until the backup is done.
    const load = { stop: false, answered: 0, failures: [] as string[] };
    const client = async (offset: number) => {
      for (let i = offset; !load.stop; i += 1) {
        const route =
          i % 5 === 0 ? `/football/matches?limit=20&page=${1 + (i % 50)}` : list[i % list.length]!;
        const res = await fetch(`${first.base}/api/v1${route}`, {
          headers: { authorization: `Bearer ${key}` },
        });
        await res.arrayBuffer();
        if (res.status === 200) load.answered += 1;
        else load.failures.push(`${route}: ${res.status}`);
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    while (load.answered < 200) await new Promise((resolve) => setTimeout(resolve, 20));

    const backupFile = path.join(dir, 'backups', 'touchline.db');
    fs.mkdirSync(path.dirname(backupFile));
    const before = load.answered;
    const backup = await cliOnce(['backup', backupFile], first.env);
    const during = load.answered - before;
    // While the server has the database open, it cannot be replaced.
    const inUse = await cliOnce(['restore', backupFile], first.env);
    load.stop = true;
    await Promise.all(clients);

    assert.equal(backup.code, 0, backup.stderr);
    assert.match(
      backup.stdout,
      new RegExp(`^backup: .* copied to .*touchline\\.db \\([\\d.]+ MiB, schema ${LATEST}\\)\n$`),
    );
    assert.ok(during > 20, `the server kept answering during the backup (${during} answers)`);
    assert.deepEqual(load.failures, [], 'every request under load answered 200');
    assert.equal(inUse.code, 1, inUse.stderr);
    assert.match(inUse.stderr, /is in use by another process .* nothing was changed/);

    const expected = new Map<string, string>();
    for (const route of list) expected.set(route, await body(first.base, route, key));

    // Into a new location, served by a new server.
    const restored = path.join(dir, 'restored', 'touchline.db');
    fs.mkdirSync(path.dirname(restored));
    const restore = await cliOnce(['restore', backupFile], { DATABASE_URL: `sqlite:${restored}` });
    assert.equal(restore.code, 0, restore.stderr);
    assert.match(
      restore.stdout,
      new RegExp(`^restore: .*restored/touchline\\.db replaced by .* \\(schema ${LATEST}\\)\n$`),
    );
    assert.deepEqual(
      fs.readdirSync(path.dirname(restored)),
      ['touchline.db'],
      'the database alone: no staging file, no -wal or -shm',
    );
    const second = await serve(t, restored, plans);
    for (const route of list) {
      assert.equal(await body(second.base, route, key), expected.get(route), route);
    }
  },
);
