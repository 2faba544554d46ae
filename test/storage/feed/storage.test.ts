// The operator feed through the real runner into storage, on the engine TOUCHLINE_TEST_ENGINE selects
// (npm test runs it on both): a feed naming openfootball's competition, season, teams and match by their
// IDs next to a league of its own; the identical re-import; openfootball again (the feed's row stays);
// a later document naming records by keys alone; a bad document; and what the API then says.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openApi, type Api } from '../../support/sources/api.js';
import { BURNLEY_CITY, tempDir, writeClubs, writeFootballJson } from '../../support/sources/fixtures.js';
import { ingestOk, openTestStorage, type TestStorage } from '../../support/sources/storage.js';
import { tableDigests } from '../../support/sources/table-digest.js';
import {
  doc,
  fixture,
  ingestFeed,
  ingestFeedOk,
  LEAGUE,
  NORTH,
  SEASON,
  SOUTH,
  writeDoc,
} from '../../support/feed.js';

describe('the operator feed in storage', () => {
  let storage: TestStorage;
  let api: Api;
  const folder = tempDir();
  const ids = { competition: '', season: '', burnley: '', city: '', match: '' };
  let feedFile = '';

  const row = (table: 'matches' | 'teams' | 'competitions' | 'seasons', id: string) =>
    storage.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Every record's ID with its updated_at, in ID order. */
  const stamps = async () => {
    const out: string[] = [];
    for (const table of ['competitions', 'seasons', 'teams', 'matches', 'match_sources'] as const) {
      const rows = await storage.db.selectFrom(table).select(['id', 'updated_at']).orderBy('id').execute();
      out.push(...rows.map((r) => `${table} ${r.id} ${r.updated_at}`));
    }
    return out;
  };
  const feedMatch = (key: string) =>
    storage.db
      .selectFrom('match_sources')
      .innerJoin('matches', 'matches.id', 'match_sources.match_id')
      .selectAll('matches')
      .where('match_sources.source', '=', 'feed')
      .where('match_sources.source_key', '=', key)
      .executeTakeFirstOrThrow();

  before(async () => {
    storage = await openTestStorage('feed.db');
    api = await openApi(storage);
    writeClubs(folder.dir);
    await ingestOk(storage, 'openfootball', writeFootballJson(folder.dir, [BURNLEY_CITY]));
    const match = await storage.db.selectFrom('matches').selectAll().executeTakeFirstOrThrow();
    Object.assign(ids, {
      competition: match.competition_id,
      season: match.season_id,
      burnley: match.home_team_id,
      city: match.away_team_id,
      match: match.id,
    });
    feedFile = writeDoc(
      folder.dir,
      'feed.json',
      doc(
        [
          // openfootball's match, named by its ID: the feed's row is served.
          fixture('pl-2023-001', {
            id: ids.match,
            competition: 'pl',
            season: '2023-24',
            home: 'burnley',
            away: 'city',
            date: '2023-08-11',
            time: '20:00',
            status: 'finished',
            score: { home: 0, away: 3, half_time: { home: 0, away: 2 } },
            round: 'Matchday 1',
            venue: { name: 'Turf Moor', city: 'Burnley', country: 'England', neutral: false },
          }),
          fixture('exl-1', { status: 'finished', score: { home: 2, away: 1 }, round: 'Matchday 1' }),
          fixture('exl-2', { home: 'south', away: 'north', date: '2026-04-04', round: 'Matchday 2' }),
          fixture('exl-3', { away: 'west' }),
        ],
        {
          source: { name: 'Example League', license: 'CC BY 4.0' },
          competitions: [LEAGUE, { key: 'pl', id: ids.competition }],
          seasons: [SEASON, { competition: 'pl', key: '2023-24', id: ids.season }],
          teams: [NORTH, SOUTH, { key: 'burnley', id: ids.burnley }, { key: 'city', id: ids.city }],
        },
      ),
    );
  });

  after(async () => {
    await api?.close();
    await storage?.close();
    folder.cleanup();
  });

  it('ingests the feed, rejecting the bad fixture with its reason', async () => {
    const burnleyBefore = await row('teams', ids.burnley);
    const run = await ingestFeedOk(storage, feedFile);
    assert.deepEqual(
      [run.recordsSeen, run.inserted, run.updated, run.unchanged, run.rejected],
      [12, 6, 1, 4, 1],
    );
    // A file is named by its folder and name, as every source's files are.
    const uri = `${path.basename(folder.dir)}/feed.json`;
    assert.deepEqual(run.notes, [`${uri}: published by Example League (CC BY 4.0)`]);
    const rejections = await storage.db
      .selectFrom('ingestion_rejections')
      .select(['artifact_uri', 'record_ref', 'reason'])
      .where('run_id', '=', run.runId)
      .execute();
    assert.deepEqual(rejections, [
      { artifact_uri: uri, record_ref: 'matches[3]', reason: 'away: unknown team "west" (not in the feed)' },
    ]);
    assert.deepEqual(
      await row('teams', ids.burnley),
      burnleyBefore,
      'a team named by its ID is never rewritten',
    );
  });

  it("serves the feed's row for the stored match it names, and keeps its key for live updates", async () => {
    const match = await feedMatch('pl-2023-001');
    assert.equal(match.id, ids.match);
    assert.deepEqual(
      [match.source, match.status, match.home_score, match.away_score, match.venue_name, match.neutral],
      ['feed', 'finished', 0, 3, 'Turf Moor', 0],
    );
    const own = await feedMatch('exl-2');
    assert.deepEqual([own.status, own.starts_at], ['scheduled', '2026-04-04T14:00:00Z']);
  });

  it('writes nothing when the same feed is ingested again', async () => {
    const before = await tableDigests(storage.db);
    const stampsBefore = await stamps();
    const run = await ingestFeedOk(storage, feedFile, '2026-03-15T00:00:00Z');
    assert.deepEqual([run.inserted, run.updated, run.unchanged, run.rowsWritten], [0, 0, 11, 0]);
    const after = await tableDigests(storage.db);
    for (const table of Object.keys(before)) {
      if (table.startsWith('ingestion_')) continue;
      assert.deepEqual(after[table], before[table], `${table} unchanged`);
    }
    assert.deepEqual(await stamps(), stampsBefore, 'every updated_at as it was');
  });

  it("keeps the feed's row when openfootball is ingested again", async () => {
    await ingestOk(storage, 'openfootball', writeFootballJson(folder.dir, [BURNLEY_CITY]));
    const match = await row('matches', ids.match);
    assert.deepEqual([match.source, match.venue_name], ['feed', 'Turf Moor']);
  });

  it('names teams, competitions, seasons and matches by the keys earlier runs stored', async () => {
    const later = writeDoc(folder.dir, 'later.json', {
      feed_version: 1,
      teams: [{ key: 'south', name: 'Athletic South' }],
      matches: [
        fixture('exl-2', { home: 'south', away: 'north', date: '2026-04-05', round: 'Matchday 2' }),
        fixture('exl-4', { date: '2026-04-11', round: 'Matchday 3' }),
        fixture('pl-2023-001', {
          competition: 'pl',
          season: '2023-24',
          home: 'burnley',
          away: 'city',
          date: '2023-08-11',
        }),
      ],
    });
    const run = await ingestFeedOk(storage, later);
    assert.deepEqual(
      await storage.db
        .selectFrom('ingestion_rejections')
        .select('reason')
        .where('run_id', '=', run.runId)
        .execute(),
      [{ reason: 'unknown competition "pl" (not in the feed)' }],
    );
    assert.equal((await feedMatch('exl-2')).starts_at, '2026-04-05T14:00:00Z', 'the same match, moved');
    assert.equal((await feedMatch('exl-4')).home_team_id, (await feedMatch('exl-1')).home_team_id);
    const south = await row('teams', (await feedMatch('exl-2')).home_team_id);
    assert.equal(south.name, 'Athletic South', 'a new name wins even when it sorts first');
  });

  it('fails a document that is not JSON, and changes nothing', async () => {
    const before = await tableDigests(storage.db);
    const run = await ingestFeed(
      storage,
      writeDoc(folder.dir, 'broken.json', '{"feed_version": 1, "teams": ['),
    );
    assert.equal(run.outcome, 'failed');
    assert.match(run.error!, /broken\.json: not valid JSON/);
    const after = await tableDigests(storage.db);
    for (const table of Object.keys(before)) {
      if (table.startsWith('ingestion_')) continue;
      assert.deepEqual(after[table], before[table], `${table} unchanged`);
    }
    const failed = await storage.db
      .selectFrom('ingestion_runs')
      .selectAll()
      .where('id', '=', run.runId)
      .executeTakeFirstOrThrow();
    assert.deepEqual([failed.source, failed.outcome], ['feed', 'failed']);
  });

  it('shows coverage derived from what the feed stored, and no attribution of its own', async () => {
    await api.refresh();
    const league = (await feedMatch('exl-1')).competition_id;
    const coverage = await api.get<{ data: { available: Record<string, boolean> } }>(
      `/coverage/leagues/${league}`,
    );
    const { fixtures, results, teams, standings, players, live, statistics, lineups, timeline } =
      coverage.data.available;
    assert.deepEqual(
      { fixtures, results, teams, standings, players, live, statistics, lineups, timeline },
      {
        fixtures: true,
        results: true,
        teams: true,
        standings: true,
        players: false,
        live: false,
        statistics: false,
        lineups: false,
        timeline: false,
      },
    );
    const summary = await api.get<{ data: { sources: Array<{ source: string; attribution: unknown }> } }>(
      '/coverage/summary',
    );
    assert.deepEqual(
      summary.data.sources.filter((s) => s.source === 'feed').map((s) => s.attribution),
      [null],
    );
  });
});
