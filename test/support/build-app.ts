import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { issueApiKey } from '../../src/auth/api-keys.js';
import { loadOpenfootball } from '../../src/ingest/openfootball/adapter.js';
import { runIngestion } from '../../src/ingest/runner.js';
import { openStorage, type Storage } from '../../src/storage/connection.js';
import { migrateToLatest } from '../../src/storage/migrations/migrate.js';
import { insertApiKey } from '../../src/storage/repositories/api-key.repository.js';
import type { MemoryResponseCache } from '../../src/cache/response-cache.js';
import { appOnStorage } from './test-app.js';
import { offlineWebhooks } from './webhook-network.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** "Now" for the fixture ingestion, so past and future fixtures get stable statuses. */
export const INGESTED_AT = '2024-03-01T12:00:00Z';

export type FixtureEntry = Record<string, unknown>;
type Entry = FixtureEntry;
const doc = (name: string, matches: Entry[]) => ({ name, matches });

/** The small football.json tree every API test runs against. */
export const FIXTURE: Record<string, { name: string; matches: Entry[] }> = {
  '2023-24/en.1': doc('English Premier League 2023/24', [
    // Europe/London 20:00 BST = 19:00Z
    {
      round: 'Matchday 1',
      date: '2023-08-11',
      time: '20:00',
      team1: 'Burnley FC',
      team2: 'Manchester City FC',
      score: { ht: [0, 2], ft: [0, 3] },
    },
    {
      round: 'Matchday 1',
      date: '2023-08-12',
      time: '13:30',
      team1: 'Arsenal FC',
      team2: 'Nottingham Forest FC',
      score: { ht: [2, 0], ft: [2, 1] },
    },
    // No kick-off time: starts_at is the date at 00:00Z with precision "date".
    {
      round: 'Matchday 2',
      date: '2023-08-19',
      team1: 'Manchester City FC',
      team2: 'Newcastle United FC',
      score: { ft: [1, 0] },
    },
    // Past, never played, no result: unknown.
    {
      round: 'Matchday 20',
      date: '2024-01-02',
      time: '19:30',
      team1: 'Arsenal FC',
      team2: 'Burnley FC',
      score: {},
    },
    {
      round: 'Matchday 21',
      date: '2024-01-13',
      time: '15:00',
      team1: 'Newcastle United FC',
      team2: 'Manchester City FC',
      status: 'postponed',
    },
    // Still ahead at ingestion time: scheduled (keeps the season current).
    {
      round: 'Matchday 38',
      date: '2024-05-19',
      time: '16:00',
      team1: 'Manchester City FC',
      team2: 'Arsenal FC',
    },
  ]),
  '2015-16/en.1': doc('English Premier League 2015/16', [
    {
      round: 'Matchday 1',
      date: '2015-08-08',
      time: '12:45',
      team1: 'Manchester United',
      team2: 'Tottenham Hotspur',
      score: { ht: [1, 0], ft: [1, 0] },
    },
  ]),
  '2023-24/en.2': doc('English Championship 2023/24', [
    {
      round: 'Matchday 1',
      date: '2023-08-04',
      time: '20:00',
      team1: 'Sheffield Wednesday FC',
      team2: 'Southampton FC',
      score: { ft: [1, 2] },
    },
  ]),
  '2023-24/de.1': doc('Deutsche Bundesliga 2023/24', [
    {
      round: 'Matchday 1',
      date: '2023-08-18',
      time: '20:30',
      team1: 'SV Werder Bremen',
      team2: 'FC Bayern München',
      score: { ht: [0, 1], ft: [0, 4] },
    },
    {
      round: 'Matchday 2',
      date: '2023-08-27',
      time: '17:30',
      team1: 'FC Bayern München',
      team2: 'FC Augsburg',
      score: { ft: [3, 1] },
    },
  ]),
  '2023-24/at.1': doc('Österr. Bundesliga 2023/24', [
    {
      round: 'Matchday 1',
      date: '2023-07-28',
      time: '20:30',
      team1: 'SK Rapid Wien',
      team2: 'FK Austria Wien',
      score: { ft: [1, 1] },
    },
  ]),
};

export interface TestKeys {
  valid: string;
  revoked: string;
  expired: string;
  inactive: string;
  /** A production (live_) key, presented to a development app. */
  live: string;
}

export interface TestIds {
  competitions: { en1: string; en2: string; de1: string; at1: string };
  seasons: { en1_2023: string; en1_2015: string; de1_2023: string };
  teams: { bayern: string; manUtd: string; burnley: string; manCity: string; arsenal: string };
  matches: {
    burnleyCity: string;
    noTime: string;
    unplayed: string;
    postponed: string;
    scheduled: string;
    bayernAugsburg: string;
  };
}

export interface TestApp {
  app: FastifyInstance;
  storage: Storage;
  /** The `DATABASE_URL` of the app's database (a database of its own, on the engine under test). */
  databaseUrl: string;
  cache: MemoryResponseCache;
  keys: TestKeys;
  ids: TestIds;
  dir: string;
  /** `Authorization` header for a key (the valid one by default). */
  auth(key?: string): { authorization: string };
}

export function writeFixture(root: string): string {
  const base = path.join(root, 'football.json');
  for (const [key, content] of Object.entries(FIXTURE)) {
    const file = path.join(base, `${key}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(content, null, 2));
  }
  return base;
}

async function issueKeys(storage: Storage): Promise<TestKeys> {
  const now = new Date();
  const add = async (
    env: 'development' | 'production',
    name: string,
    change: Record<string, unknown> = {},
  ) => {
    const issued = issueApiKey(env, name, now);
    await insertApiKey(storage.db, { ...issued.row, ...change });
    return issued.key;
  };
  return {
    valid: await add('development', 'valid'),
    revoked: await add('development', 'revoked', {
      revoked_at: new Date(now.getTime() - 60_000).toISOString(),
    }),
    expired: await add('development', 'expired', {
      expires_at: new Date(now.getTime() - 60_000).toISOString(),
    }),
    inactive: await add('development', 'inactive', { subscription_active: 0 }),
    live: await add('production', 'live'),
  };
}

async function lookUpIds(storage: Storage): Promise<TestIds> {
  const db = storage.db;
  const comp = async (code: string) =>
    (await db.selectFrom('competitions').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const season = async (competitionId: string, key: string) =>
    (
      await db
        .selectFrom('seasons')
        .select('id')
        .where('competition_id', '=', competitionId)
        .where('key', '=', key)
        .executeTakeFirstOrThrow()
    ).id;
  const team = async (name: string) =>
    (await db.selectFrom('teams').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const competitions = {
    en1: await comp('en.1'),
    en2: await comp('en.2'),
    de1: await comp('de.1'),
    at1: await comp('at.1'),
  };
  const teams = {
    bayern: await team('FC Bayern München'),
    manUtd: await team('Manchester United'),
    burnley: await team('Burnley FC'),
    manCity: await team('Manchester City FC'),
    arsenal: await team('Arsenal FC'),
  };
  const match = async (home: string, away: string, date: string) => {
    const rows = await db
      .selectFrom('matches')
      .select('id')
      .where('home_team_id', '=', await team(home))
      .where('away_team_id', '=', await team(away))
      .where('starts_at', 'like', `${date}%`)
      .execute();
    if (rows.length !== 1) throw new Error(`fixture match ${home} v ${away} ${date}: ${rows.length} rows`);
    return rows[0]!.id;
  };
  return {
    competitions,
    seasons: {
      en1_2023: await season(competitions.en1, '2023-24'),
      en1_2015: await season(competitions.en1, '2015-16'),
      de1_2023: await season(competitions.de1, '2023-24'),
    },
    teams,
    matches: {
      burnleyCity: await match('Burnley FC', 'Manchester City FC', '2023-08-11'),
      noTime: await match('Manchester City FC', 'Newcastle United FC', '2023-08-19'),
      unplayed: await match('Arsenal FC', 'Burnley FC', '2024-01-02'),
      postponed: await match('Newcastle United FC', 'Manchester City FC', '2024-01-13'),
      scheduled: await match('Manchester City FC', 'Arsenal FC', '2024-05-19'),
      bayernAugsburg: await match('FC Bayern München', 'FC Augsburg', '2023-08-27'),
    },
  };
}

/**
 * A new migrated database (on the engine under test) with the fixture ingested and five keys issued, and
 * the HTTP app on top of it (not listening; use `app.inject`). Everything is closed and removed after `t`.
 */
export async function buildTestApp(t: Pick<TestContext, 'after'>): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-api-'));
  const built: { app?: FastifyInstance; storage?: Storage; database?: TestDatabase } = {};
  t.after(async () => {
    await built.app?.close();
    await built.storage?.close().catch(() => undefined);
    await built.database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const database = await createTestDatabase('api.db');
  built.database = database;
  const storage = openStorage(database.url);
  built.storage = storage;

  await migrateToLatest(storage);
  const from = writeFixture(dir);
  // An empty club directory, so no `clubs` folder near the temp dir can change how names resolve.
  const clubs = path.join(dir, 'clubs');
  fs.mkdirSync(clubs);
  const run = await runIngestion(storage, {
    source: 'openfootball',
    location: from,
    load: () => loadOpenfootball({ from, clubs }),
    clock: () => new Date(INGESTED_AT),
  });
  if (run.outcome !== 'succeeded' || run.rejected > 0) {
    throw new Error(`fixture ingestion: ${run.outcome} ${run.error ?? ''} (${run.rejected} rejected)`);
  }
  const keys = await issueKeys(storage);
  const ids = await lookUpIds(storage);

  const { app, cache } = await appOnStorage(storage, { webhooks: offlineWebhooks });
  built.app = app;
  return {
    app,
    storage,
    databaseUrl: database.url,
    cache,
    keys,
    ids,
    dir,
    auth: (key = keys.valid) => ({ authorization: `Bearer ${key}` }),
  };
}

/**
 * Ingests the fixture again into the app's database, with `edit` making the Premier League 2023-24 file's
 * matches anew from those it holds now; the run must succeed. Returns the run.
 */
export async function reingestFixture(
  built: Pick<TestApp, 'dir' | 'storage'>,
  edit: (matches: FixtureEntry[]) => FixtureEntry[],
) {
  const from = path.join(built.dir, 'football.json');
  const file = path.join(from, '2023-24', 'en.1.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; matches: FixtureEntry[] };
  fs.writeFileSync(file, JSON.stringify({ ...doc, matches: edit(doc.matches) }));
  const clubs = path.join(built.dir, 'clubs');
  const run = await runIngestion(built.storage, {
    source: 'openfootball',
    location: from,
    load: () => loadOpenfootball({ from, clubs }),
  });
  if (run.outcome !== 'succeeded') throw new Error(`fixture re-ingestion: ${run.outcome} ${run.error ?? ''}`);
  return run;
}
