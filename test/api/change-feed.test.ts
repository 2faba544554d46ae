// The change feed as a client uses it: starting from an empty copy, following `meta.next` after each of
// several ingests that add matches, change scores and kick-offs, withdraw and re-key fixtures and respell
// teams (random, seeded), the client ends with exactly what the API serves for every competition, season,
// team and match, having deleted what the tombstones name.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadOpenfootball } from '../../src/ingest/openfootball/adapter.js';
import { runIngestion } from '../../src/ingest/runner.js';
import { buildTestApp } from '../support/build-app.js';
import { seededRandom } from '../support/seeded-random.js';
import { API, assertError, getOk } from '../support/api-contract.js';
import { pastKeyTrust } from '../support/key-trust.js';

type Change = {
  type: string;
  id: string;
  removed: boolean;
  replaced_by: string | null;
  record: Record<string, unknown> | null;
};
type Feed = { data: Change[]; meta: { next: string; has_more: boolean; latest: string } };

const LEAGUES = {
  'en.1': {
    name: 'English Premier League',
    teams: ['Arsenal FC', 'Chelsea FC', 'Everton FC', 'Fulham FC', 'Luton Town FC'],
  },
  'de.1': {
    name: 'Deutsche Bundesliga',
    teams: ['FC Augsburg', 'SC Freiburg', 'VfL Bochum', 'VfB Stuttgart'],
  },
};
const SEASONS = ['2024-25', '2025-26'];

interface FixtureMatch {
  round: string;
  date: string;
  time: string;
  team1: string;
  team2: string;
  score?: { ft: [number, number] };
}

test('a client following the change feed holds an exact copy after random ingests', async (t) => {
  const { app, auth, storage, cache, dir } = await buildTestApp(t);
  const random = seededRandom(20261124);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const files = new Map<string, { name: string; matches: FixtureMatch[] }>();
  const spelling = new Map<string, string>();
  const root = path.join(dir, 'feed', 'football.json');
  const clubs = path.join(dir, 'feed-clubs');
  fs.mkdirSync(clubs, { recursive: true });

  const addMatches = (count: number) => {
    for (let i = 0; i < count; i += 1) {
      const code = pick(Object.keys(LEAGUES)) as keyof typeof LEAGUES;
      const season = pick(SEASONS);
      const key = `${season}/${code}`;
      if (!files.has(key))
        files.set(key, { name: `${LEAGUES[code].name} ${season.replace('-', '/')}`, matches: [] });
      const [home, away] = [...LEAGUES[code].teams].sort(() => random() - 0.5);
      const month = String(1 + Math.floor(random() * 12)).padStart(2, '0');
      const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
      const year = Number(season.slice(0, 4)) + (Number(month) < 7 ? 1 : 0);
      files.get(key)!.matches.push({
        round: `Matchday ${1 + Math.floor(random() * 30)}`,
        date: `${year}-${month}-${day}`,
        time: pick(['15:00', '17:30', '20:00']),
        team1: home!,
        team2: away!,
        ...(random() < 0.7 ? { score: { ft: [Math.floor(random() * 4), Math.floor(random() * 4)] } } : {}),
      });
    }
  };
  const mutate = () => {
    const matches = [...files.values()].flatMap((f) => f.matches);
    for (let i = 0; i < 3; i += 1) {
      const match = pick(matches);
      if (random() < 0.5) match.score = { ft: [Math.floor(random() * 5), Math.floor(random() * 5)] };
      else match.time = pick(['12:30', '14:00', '19:45']);
    }
    // A source withdrawing a fixture, or re-keying one (its round renamed: a new match in its place).
    for (const file of files.values()) {
      if (file.matches.length < 4 || random() >= 0.5) continue;
      const at = Math.floor(random() * file.matches.length);
      if (random() < 0.5) file.matches.splice(at, 1);
      else file.matches[at]!.round = `${file.matches[at]!.round} (replayed)`;
    }
    // A source respelling a team in its newest season ("Arsenal" as "Arsenal FC", one club): the newest
    // season's spelling names the team, so its name changes, and so do the matches that show it.
    for (const team of LEAGUES['en.1'].teams) if (random() < 0.3) spelling.set(team, `${team} FC`);
  };
  const ingest = async () => {
    fs.rmSync(root, { recursive: true, force: true });
    for (const [key, content] of files) {
      const newest = key.startsWith(SEASONS.at(-1)!);
      const matches = content.matches.map((m) =>
        newest
          ? { ...m, team1: spelling.get(m.team1) ?? m.team1, team2: spelling.get(m.team2) ?? m.team2 }
          : m,
      );
      const file = path.join(root, `${key}.json`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ name: content.name, matches }));
    }
    const run = await runIngestion(storage, {
      source: 'openfootball',
      location: root,
      load: () => loadOpenfootball({ from: root, clubs }),
    });
    assert.equal(run.outcome, 'succeeded', run.error ?? '');
    cache.clear();
  };

  const copy = new Map<string, Record<string, unknown>>();
  let cursor: string | undefined;
  let renamed = 0;
  let removed = 0;
  let replaced = 0;
  const follow = async () => {
    for (let pages = 0; ; pages += 1) {
      assert.ok(pages < 1000, 'the feed ends');
      const query = cursor === undefined ? 'limit=7' : `limit=7&since=${cursor}`;
      const { body } = await getOk<Feed>(app, `${API}/football/changes?${query}`, auth());
      for (const change of body.data) {
        const key = `${change.type} ${change.id}`;
        if (change.removed) {
          assert.equal(change.record, null);
          assert.ok(copy.delete(key), `${key}: a tombstone for a record the copy holds`);
          removed += 1;
          if (change.replaced_by) replaced += 1;
          continue;
        }
        if (change.type === 'team' && copy.has(key) && copy.get(key)!.name !== change.record!.name)
          renamed += 1;
        copy.set(key, change.record!);
      }
      cursor = body.meta.next;
      if (!body.meta.has_more) {
        assert.equal(body.meta.next, body.meta.latest);
        return;
      }
    }
  };

  await follow(); // the fixture buildTestApp ingested: a full snapshot from no cursor
  for (let step = 0; step < 6; step += 1) {
    addMatches(step === 0 ? 12 : 3);
    if (step > 0) mutate();
    await ingest();
    await follow();
  }

  // What the API serves, record by record, from its own routes.
  const served = new Map<string, unknown>();
  for (const { id } of await storage.db.selectFrom('competitions').select('id').execute()) {
    served.set(
      `competition ${id}`,
      (await getOk(app, `${API}/football/competitions/${id}`, auth())).body.data,
    );
    const seasons = (await getOk(app, `${API}/football/competitions/${id}/seasons`, auth())).body.data;
    for (const season of seasons) served.set(`season ${season.id}`, season);
  }
  for (const { id } of await storage.db.selectFrom('teams').select('id').execute()) {
    served.set(`team ${id}`, (await getOk(app, `${API}/football/teams/${id}`, auth())).body.data);
    // A team's ratings follow its results: the feed's rating record is its current rating.
    const current = (await getOk(app, `${API}/football/teams/${id}/ratings`, auth())).body.data.current;
    if (current !== null) served.set(`rating ${id}`, current);
  }
  for (const { id } of await storage.db.selectFrom('matches').select('id').execute()) {
    served.set(`match ${id}`, (await getOk(app, `${API}/football/matches/${id}`, auth())).body.data);
  }
  assert.deepEqual([...copy.keys()].sort(), [...served.keys()].sort());
  for (const [key, record] of served) assert.deepEqual(copy.get(key), record, key);
  t.diagnostic(
    `${copy.size} records followed through 7 ingests; ${renamed} team renames, ${removed} matches removed ` +
      `(${replaced} replaced)`,
  );
  assert.ok(renamed > 0, 'the ingests renamed a team (the scenario needs one)');
  assert.ok(removed > replaced && replaced > 0, 'the ingests withdrew and re-keyed matches');

  // Nothing changed since: the feed answers no change and the same cursor.
  const idle = await getOk<Feed>(app, `${API}/football/changes?since=${cursor}`, auth());
  assert.deepEqual(idle.body.data, []);
  assert.equal(idle.body.meta.next, cursor);
});

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');

test('the change feed refuses a cursor it did not give', async (t) => {
  const { app, auth } = await buildTestApp(t);
  const { body } = await getOk<Feed>(app, `${API}/football/changes?limit=1`, auth());
  const latest = Number(Buffer.from(body.meta.latest, 'base64url').toString().slice(3));
  assert.ok(latest > 1);
  // What Number() or base64url decoding would take for a number: each is a 400, not a page.
  const lenient = [
    'c1.1e3',
    'c1.0x10',
    'c1. 5',
    'c1.5 ',
    'c1.05',
    'c1.+5',
    'c1.1.0',
    'c1.',
    'c1.-0',
    'c1.5\0',
  ];
  for (const since of [
    'abc',
    cursorOf('c1.-3'),
    cursorOf('x.12'),
    ...lenient.map(cursorOf),
    // 'c1.5' is YzEuNQ: the last character's spare bits set stand for the same bytes.
    'YzEuNR',
    cursorOf(`c1.${2 ** 53}`),
  ]) {
    const details = assertError(
      await app.inject({ url: `${API}/football/changes?since=${since}`, headers: auth() }),
      400,
      'invalid_parameter',
    );
    assert.equal(details.parameter, 'since', since);
    assert.match(String(details.reason), /is not a cursor of this API/, since);
  }
  // The cursors this API writes are read back: the start, and one inside the log.
  for (const seq of [0, 1, latest]) {
    const page = await getOk<Feed>(app, `${API}/football/changes?since=${cursorOf(`c1.${seq}`)}`, auth());
    assert.equal(page.body.meta.latest, body.meta.latest, `c1.${seq}`);
  }
});

test('a cursor ahead of the log is a 400: the data was restored or replaced, start again', async (t) => {
  const { app, auth } = await buildTestApp(t);
  const { body } = await getOk<Feed>(app, `${API}/football/changes?limit=1`, auth());
  const latest = Number(Buffer.from(body.meta.latest, 'base64url').toString().slice(3));
  for (const seq of [latest + 1, latest + 1000]) {
    const since = cursorOf(`c1.${seq}`);
    const details = assertError(
      await app.inject({ url: `${API}/football/changes?since=${since}`, headers: auth() }),
      400,
      'invalid_parameter',
    );
    assert.equal(details.parameter, 'since');
    assert.match(String(details.reason), /ahead of the newest change.*start again without since/);
  }
  const now = await getOk<Feed>(app, `${API}/football/changes?since=${body.meta.latest}`, auth());
  assert.deepEqual(now.body.data, []);
  assert.equal(now.body.meta.next, body.meta.latest);
  assert.equal(now.body.meta.latest, body.meta.latest);
});

test('the change feed answers 503 service_unavailable with Retry-After while the database is down', async (t) => {
  const { app, auth, storage } = await buildTestApp(t);
  const cached = `${API}/football/changes?limit=7`;
  const first = await getOk<Feed>(app, cached, auth());
  const uncached = [`${API}/football/changes?since=${first.body.meta.next}`, `${API}/football/changes`];
  await storage.close();
  const expectUnavailable = async (urls: string[]) => {
    for (const url of urls) {
      const res = await app.inject({ url, headers: auth() });
      assertError(res, 503, 'service_unavailable');
      assert.match(String(res.headers['retry-after']), /^\d+$/, url);
    }
  };
  // While the key is still trusted, the feed's own queries meet the outage (a cached page needs none).
  await expectUnavailable(uncached);
  // Past that, the key's lookup does, for the cached page too.
  pastKeyTrust(t);
  await expectUnavailable([cached, ...uncached]);
});
