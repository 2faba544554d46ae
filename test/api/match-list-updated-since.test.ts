// updated_since on the match list (docs/api.md, "Match list"): the matches whose served fields changed after
// an instant, a team's new name included, found from the change log's commit stamps; the instant to ask with
// next (meta.next_updated_since); and the 400s of instants that are not RFC 3339.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadOpenfootball } from '../../src/ingest/openfootball/adapter.js';
import { runIngestion } from '../../src/ingest/runner.js';
import { buildTestApp, FIXTURE, INGESTED_AT } from '../support/build-app.js';
import { API, assertError, getOk, oldestFirst } from '../support/api-contract.js';

type Match = {
  id: string;
  competition: { id: string };
  starts_at: string;
  updated_at: string;
  home_team: { id: string; name: string; score: number | null };
  away_team: { id: string; name: string; score: number | null };
};
type Meta = Record<string, unknown> & { has_more: boolean; next_updated_since?: string | null };
type Files = Record<string, { name: string; matches: Array<Record<string, unknown>> }>;

const FIRST_STAMP = new Date(INGESTED_AT).toISOString();
const SECOND_RUN = '2024-03-05T09:30:00.000Z';

test('match list: updated_since', async (t) => {
  const { app, auth, ids, dir, storage, cache } = await buildTestApp(t);
  const get = (query: string) =>
    app.inject({ url: `${API}/football/matches?${oldestFirst(query)}`, headers: auth() });
  const list = async (query: string) => {
    const { body } = await getOk<{ data: Match[]; meta: Meta }>(
      app,
      `${API}/football/matches?${oldestFirst(query)}`,
      auth(),
    );
    return { matches: body.data, ids: body.data.map((m) => m.id), meta: body.meta };
  };
  let runs = 0;
  const ingest = async (files: Files, at: string) => {
    runs += 1;
    const from = path.join(dir, `run-${runs}`, 'football.json');
    for (const [key, content] of Object.entries(files)) {
      const file = path.join(from, `${key}.json`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(content));
    }
    const clubs = path.join(dir, `run-${runs}`, 'clubs');
    fs.mkdirSync(clubs, { recursive: true });
    const run = await runIngestion(storage, {
      source: 'openfootball',
      location: from,
      load: () => loadOpenfootball({ from, clubs }),
      clock: () => new Date(at),
    });
    assert.equal(run.outcome, 'succeeded', run.error ?? '');
    cache.clear();
    return run;
  };
  const all = (await list('limit=100')).ids;

  await t.test('every match changed after an instant before the first ingestion', async () => {
    const { ids: got, meta } = await list('updated_since=2024-03-01T11:59:59Z&limit=100');
    assert.deepEqual(got, all, 'in kick-off order, as the list');
    assert.equal(meta.next_updated_since, FIRST_STAMP);
    assert.deepEqual(Object.keys(meta), ['page', 'limit', 'request_id', 'has_more', 'next_updated_since']);
  });

  await t.test('nothing changed after the newest stamp, nor after any later instant', async () => {
    for (const since of [FIRST_STAMP, '2024-03-01T12:00:00Z', '2030-01-01T00:00:00Z']) {
      const { ids: got, meta } = await list(`updated_since=${since}`);
      assert.deepEqual(got, [], since);
      assert.equal(meta.next_updated_since, FIRST_STAMP, since);
    }
    // A millisecond before the stamp is before it.
    assert.equal((await list('updated_since=2024-03-01T11:59:59.999Z&limit=100')).ids.length, 11);
  });

  await t.test('without updated_since, meta has no next_updated_since', async () => {
    assert.equal('next_updated_since' in (await list('limit=1')).meta, false);
  });

  let renamed: string;
  await t.test(
    'a later run: a new score, a new match, and a team respelled in its newest season',
    async () => {
      // The unplayed Arsenal v Burnley gets its result; a 2024/25 season spells Manchester City anew, and the
      // newest season's spelling names the team: every City match shows the new name, its row unchanged.
      const en1 = FIXTURE['2023-24/en.1']!;
      const files: Files = {
        ...FIXTURE,
        '2023-24/en.1': {
          ...en1,
          matches: en1.matches.map((match) =>
            match.date === '2024-01-02' ? { ...match, score: { ft: [2, 0] } } : match,
          ),
        },
        '2024-25/en.1': {
          name: 'English Premier League 2024/25',
          matches: [
            {
              round: 'Matchday 1',
              date: '2024-08-17',
              time: '17:30',
              team1: 'Manchester City FC FC',
              team2: 'Burnley FC',
              score: { ft: [4, 0] },
            },
          ],
        },
      };
      const before = new Map((await list('limit=100')).matches.map((x) => [x.id, JSON.stringify(x)]));
      await ingest(files, SECOND_RUN);
      const after = (await list('limit=100')).matches;
      const { matches, meta } = await list(`updated_since=${FIRST_STAMP}&limit=100`);
      const m = ids.matches;
      const cityMatches = [m.burnleyCity, m.noTime, m.postponed, m.scheduled];
      const added = matches.find((x) => x.starts_at.startsWith('2024-08-17'));
      assert.ok(added, 'the new match');
      // Every match whose JSON changed is listed: the new one, the new score, City's new name.
      const differ = after.filter((x) => before.get(x.id) !== JSON.stringify(x)).map((x) => x.id);
      assert.deepEqual(differ, [m.burnleyCity, m.noTime, m.unplayed, m.postponed, m.scheduled, added.id]);
      const listed = matches.map((x) => x.id);
      for (const id of differ) assert.ok(listed.includes(id), id);
      // So may a match whose JSON did not change but whose competition the run rewrote (the Premier
      // League's newest season is a new one): never one of a competition, season or team left alone.
      const untouched = after.filter((x) => x.competition.id !== ids.competitions.en1).map((x) => x.id);
      assert.equal(untouched.length, 4);
      for (const id of untouched) assert.ok(!listed.includes(id), id);
      renamed = added.home_team.name;
      assert.equal(added.home_team.id, ids.teams.manCity, 'the same team');
      for (const x of matches.filter((match) => cityMatches.includes(match.id))) {
        const city = x.home_team.id === ids.teams.manCity ? x.home_team : x.away_team;
        assert.equal(city.name, renamed, x.id);
        // The match's own row did not change: its updated_at is the first run's, yet it is listed.
        assert.equal(x.updated_at, FIRST_STAMP, x.id);
      }
      assert.equal(matches.find((x) => x.id === m.unplayed)!.home_team.score, 2);
      assert.equal(meta.next_updated_since, SECOND_RUN);
      assert.notEqual(renamed, 'Manchester City FC');
    },
  );

  await t.test('combined with filters, sort and pages, from one instant', async () => {
    const since = `updated_since=${encodeURIComponent(FIRST_STAMP)}`;
    const changed = (await list(`${since}&limit=100`)).ids;
    const descending = await list(`${since}&limit=100&sort=-starts_at`);
    assert.deepEqual(descending.ids, [...changed].reverse());
    const seen: string[] = [];
    for (let page = 1; ; page += 1) {
      const { ids: got, meta } = await list(`${since}&limit=4&page=${page}`);
      seen.push(...got);
      assert.equal(meta.next_updated_since, SECOND_RUN);
      if (!meta.has_more) break;
    }
    assert.deepEqual(seen, changed);
    // Each filter picks from the changed matches what it picks from all of them.
    for (const filter of [
      'status=postponed',
      `team_id=${ids.teams.arsenal}`,
      `team_id=${ids.teams.arsenal}&opponent_id=${ids.teams.burnley}`,
      'round=Matchday%2020',
      'date_to=2023-12-31',
      `competition_id=${ids.competitions.de1}`,
      `season_id=${ids.seasons.en1_2023}&sort=-starts_at`,
    ]) {
      const expected = (await list(`${filter}&limit=100`)).ids.filter((id) => changed.includes(id));
      assert.deepEqual((await list(`${since}&${filter}&limit=100`)).ids, expected, filter);
    }
    assert.deepEqual((await list(`${since}&round=Matchday%2020`)).ids, [ids.matches.unplayed]);
  });

  await t.test('an instant is compared as an instant, whatever its offset or precision', async () => {
    const expected = (await list(`updated_since=2024-03-05T09:29:59.999Z&limit=100`)).ids;
    assert.ok(expected.length >= 6);
    for (const since of [
      '2024-03-05T10:29:59.999%2B01:00',
      '2024-03-05T04:59:59.9999999-04:30',
      '2024-03-05t09:29:59.999z',
    ]) {
      assert.deepEqual((await list(`updated_since=${since}&limit=100`)).ids, expected, since);
    }
    for (const since of [
      '2024-03-05T09:30:00Z',
      '2024-03-05T09:30:00.0001Z',
      '2024-03-05T10:30:00%2B01:00',
    ]) {
      assert.deepEqual((await list(`updated_since=${since}`)).ids, [], since);
    }
    // A leap second is a valid RFC 3339 time: the instant after 23:59:59.
    assert.equal((await list('updated_since=2016-12-31T23:59:60Z&limit=100')).ids.length, 12);
  });

  await t.test(
    'an identical re-import changes nothing; a run with a clock behind still comes after',
    async () => {
      const unchanged = await list(`updated_since=${SECOND_RUN}`);
      assert.deepEqual(unchanged.ids, []);
      // A host whose clock is behind the newest stamp: its change is stamped a millisecond after it, so a
      // client asking with the instant it was given still sees it.
      const early = '2024-01-01T00:00:00.000Z';
      await ingest(
        {
          '2023-24/at.1': {
            ...FIXTURE['2023-24/at.1']!,
            matches: FIXTURE['2023-24/at.1']!.matches.map((match) => ({ ...match, score: { ft: [2, 2] } })),
          },
        },
        early,
      );
      const { matches, meta } = await list(`updated_since=${SECOND_RUN}`);
      assert.equal(matches.length, 1);
      assert.equal(matches[0]!.home_team.score, 2);
      assert.equal(meta.next_updated_since, '2024-03-05T09:30:00.001Z');
      assert.equal(matches[0]!.updated_at, early, 'updated_at is the run’s clock, the stamp is not');
    },
  );

  await t.test('an instant that is not an RFC 3339 date-time with an offset is a 400', async () => {
    for (const since of [
      'yesterday',
      '2024-03-01',
      '2024-03-01T12:00:00',
      '2024-03-01T12:00Z',
      '2024-02-30T00:00:00Z',
      '2024-03-01T24:00:00Z',
      '2024-03-01T12:00:00+01:00', // an unencoded "+" is a space in a query string
      '1709294400',
      '',
      '2024-03-01T12:00:00Z%00',
    ]) {
      const details = assertError(await get(`updated_since=${since}`), 400, 'invalid_parameter');
      assert.equal(details.parameter, 'updated_since', since);
    }
  });
});
