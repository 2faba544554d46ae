import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { RunSummary } from '../../../src/ingest/runner.js';
import type { Storage } from '../../../src/storage/connection.js';
import { findRun } from '../../../src/storage/repositories/ingestion-run.repository.js';
import { listMatches, listMatchesAsJson } from '../../../src/storage/repositories/match.repository.js';
import { toMatch } from '../../../src/api/mappers.js';
import { ingest, openTestStorage, tableCounts } from '../../support/ingest/test-storage.js';
import { DATA as SHARED_DATA, needsSharedData, SHARED_AVAILABLE } from '../../support/shared-data.js';

const DATA = path.dirname(SHARED_DATA.footballJson);
const FOOTBALL_JSON = path.join(DATA, 'football.json');
const CLUBS = path.join(DATA, 'clubs');
const AVAILABLE = SHARED_AVAILABLE;
const EPL_SEASONS = Array.from({ length: 16 }, (_, i) => `${2010 + i}-${String(11 + i).padStart(2, '0')}`);

/** Matches per source file, counted straight from the JSON: what the run must account for. */
function sourceMatchCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const season of fs.readdirSync(FOOTBALL_JSON).sort()) {
    const folder = path.join(FOOTBALL_JSON, season);
    if (!/^\d{4}(-\d{2})?$/.test(season) || !fs.statSync(folder).isDirectory()) continue;
    for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.json'))) {
      const doc = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as { matches: unknown[] };
      counts.set(`football.json/${season}/${file}`, doc.matches.length);
    }
  }
  return counts;
}

describe('ingestion: the full openfootball dataset', () => {
  let storage: Storage;
  let first: RunSummary;

  before(async () => {
    if (!AVAILABLE) return;
    storage = await openTestStorage();
    first = await ingest(storage, FOOTBALL_JSON, { clubs: CLUBS, now: '2026-03-14T00:00:00Z' });
  });

  after(async () => {
    if (!AVAILABLE) return;
    await storage.close();
  });

  it('ingests, accounting for every source match: stored + rejected = records seen', async (t) => {
    if (!needsSharedData(t)) return;
    assert.equal(first.outcome, 'succeeded', first.error ?? '');
    const source = sourceMatchCounts();
    const seen = [...source.values()].reduce((a, b) => a + b, 0);
    assert.equal(first.recordsSeen, seen);
    const { matches } = await tableCounts(storage);
    assert.equal(matches, first.inserted);
    assert.equal(matches + first.rejected, seen);
    const run = await findRun(storage.db, first.runId);
    assert.ok(run);
    assert.equal(run.rejections.length, first.rejected);
    assert.ok(run.rejections.every((r) => r.reason.trim() !== ''));
    for (const a of run.artifacts.filter((x) => source.has(x.uri))) {
      assert.equal(a.records_seen, source.get(a.uri), a.uri);
      assert.equal(a.inserted + a.rejected, a.records_seen, a.uri);
    }
    // Stored fixtures are distinct: no two matches of a season share teams and date.
    const dupes = await storage.db
      .selectFrom('matches')
      .select(['season_id', 'home_team_id', 'away_team_id'])
      .groupBy(['season_id', 'home_team_id', 'away_team_id', 'starts_at'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    assert.deepEqual(dupes, []);
  });

  it('rejects the known duplicate files and fixtures with reasons', async (t) => {
    if (!needsSharedData(t)) return;
    const run = await findRun(storage.db, first.runId);
    const byFile = new Map<string, number>();
    for (const r of run?.rejections ?? []) byFile.set(r.artifact_uri, (byFile.get(r.artifact_uri) ?? 0) + 1);
    const source = sourceMatchCounts();
    assert.equal(
      byFile.get('football.json/2019-20/ru.2.json'),
      source.get('football.json/2019-20/ru.2.json'),
    );
    assert.equal(byFile.get('football.json/2025-26/en.4.json'), 12);
    assert.ok((byFile.get('football.json/2024-25/au.1.json') ?? 0) > 0);
  });

  it('English Premier League 2023-24: 380 matches, 20 teams', async (t) => {
    if (!needsSharedData(t)) return;
    const season = await storage.db
      .selectFrom('seasons')
      .innerJoin('competitions', 'competitions.id', 'seasons.competition_id')
      .select(['seasons.id', 'seasons.match_count', 'seasons.team_count'])
      .where('competitions.code', '=', 'en.1')
      .where('seasons.key', '=', '2023-24')
      .executeTakeFirstOrThrow();
    const matches = await storage.db
      .selectFrom('matches')
      .select(['home_team_id', 'away_team_id'])
      .where('season_id', '=', season.id)
      .execute();
    assert.equal(matches.length, 380);
    assert.equal(new Set(matches.flatMap((m) => [m.home_team_id, m.away_team_id])).size, 20);
    assert.deepEqual([Number(season.match_count), Number(season.team_count)], [380, 20]);
  });

  it('every EPL season 2010-11 to 2025-26 has 380 matches and 20 teams, within its own dates', async (t) => {
    if (!needsSharedData(t)) return;
    const seasons = await storage.db
      .selectFrom('seasons')
      .innerJoin('competitions', 'competitions.id', 'seasons.competition_id')
      .selectAll('seasons')
      .where('competitions.code', '=', 'en.1')
      .orderBy('seasons.key')
      .execute();
    // 20 teams each season: no club was split in two by a change of spelling.
    const counts = seasons.map((x) => [x.key, Number(x.match_count), Number(x.team_count)]);
    assert.deepEqual(
      counts,
      EPL_SEASONS.map((k) => [k, 380, 20]),
    );
    // Between August and July: 2019-20's July 2020 matches, dated 2019-07 in the source, were moved to 2020.
    for (const { key, starts_on, ends_on } of seasons) {
      const year = Number(key.slice(0, 4));
      assert.ok(
        `${starts_on}` >= `${year}-08-01` && `${ends_on}` < `${year + 1}-08-01`,
        `${key}: ${starts_on}…${ends_on}`,
      );
    }
  });

  it('Burnley FC v Manchester City FC, 2023-08-11: finished 0-3, kick-off 19:00Z', async (t) => {
    if (!needsSharedData(t)) return;
    const teamId = async (alias: string) =>
      (
        await storage.db
          .selectFrom('team_aliases')
          .select('team_id')
          .where('scope', '=', 'eng')
          .where('alias', '=', alias)
          .executeTakeFirstOrThrow()
      ).team_id;
    const m = await storage.db
      .selectFrom('matches')
      .selectAll()
      .where('home_team_id', '=', await teamId('Burnley FC'))
      .where('away_team_id', '=', await teamId('Manchester City FC'))
      .where('starts_at', 'like', '2023-08-11%')
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [m.status, m.home_score, m.away_score, m.ht_home, m.ht_away, m.starts_at, m.time_known],
      ['finished', 0, 3, 0, 2, '2023-08-11T19:00:00Z', 1],
    );
  });

  it("Manchester United's matches 2010-11 to 2025-26 are under one team ID", async (t) => {
    if (!needsSharedData(t)) return;
    const teams = await storage.db
      .selectFrom('teams')
      .select(['id', 'name'])
      .where('search_name', 'like', 'manchester united%')
      .execute();
    assert.deepEqual(
      teams.map((x) => x.name),
      ['Manchester United FC'],
    );
    const id = teams[0]!.id;
    const aliases = await storage.db
      .selectFrom('team_aliases')
      .select('alias')
      .where('team_id', '=', id)
      .execute();
    assert.ok(aliases.some((a) => a.alias === 'Manchester United'));
    const seasons = await storage.db
      .selectFrom('matches')
      .innerJoin('seasons', 'seasons.id', 'matches.season_id')
      .innerJoin('competitions', 'competitions.id', 'matches.competition_id')
      .select('seasons.key')
      .distinct()
      .where('competitions.code', '=', 'en.1')
      .where((eb) => eb.or([eb('home_team_id', '=', id), eb('away_team_id', '=', id)]))
      .orderBy('seasons.key')
      .execute();
    assert.deepEqual(
      seasons.map((s) => s.key),
      EPL_SEASONS,
    );
  });

  it("list pages of the stored JSON equal the API mapper's JSON, byte for byte, for every match", async (t) => {
    if (!needsSharedData(t)) return;
    const seasons = await storage.db.selectFrom('seasons').select('id').orderBy('id').execute();
    let compared = 0;
    for (const { id: seasonId } of seasons) {
      for (let page = 1; ; page += 1) {
        const request = { page, limit: 100 };
        const rows = await listMatches(storage, { seasonId }, request);
        const json = await listMatchesAsJson(storage, { seasonId }, request);
        assert.ok(json, 'every match of the page has its JSON stored');
        assert.equal(json.hasMore, rows.hasMore);
        assert.deepEqual(
          json.rows,
          rows.rows.map((row) => JSON.stringify(toMatch(row))),
        );
        compared += json.rows.length;
        if (!json.hasMore) break;
      }
    }
    assert.equal(compared, first.inserted);
  });

  it("a team's page, filtered by status and dates too, is read through the team's indexes", async (t) => {
    if (!needsSharedData(t)) return;
    if (storage.engine !== 'sqlite') {
      t.skip('SQLite plans from the statistics each run refreshes; PostgreSQL from its own');
      return;
    }
    const team = await storage.db
      .selectFrom('teams')
      .select('id')
      .where('name', '=', 'Manchester United FC')
      .executeTakeFirstOrThrow();
    const { readNow, readColumnNow } = storage;
    const plans: string[] = [];
    storage.readColumnNow = (query) => {
      plans.push(
        (readNow!({ ...query, sql: `explain query plan ${query.sql}` }) as Array<{ detail: string }>)
          .map((step) => step.detail)
          .join(' | '),
      );
      return readColumnNow!(query);
    };
    try {
      const filter = { teamId: team.id, status: 'finished', dateFrom: '2020-01-01', dateTo: '2024-01-01' };
      const page = await listMatchesAsJson(storage, filter, { page: 1, limit: 25 });
      assert.equal(page?.rows.length, 25);
    } finally {
      storage.readColumnNow = readColumnNow;
    }
    // Without statistics SQLite read both sides through the status index: every finished match of the period.
    assert.equal(plans.length, 1);
    assert.match(plans[0]!, /USING (COVERING )?INDEX matches_home_team_id_\w+ \(home_team_id=\?/);
    assert.match(plans[0]!, /USING (COVERING )?INDEX matches_away_team_id_\w+ \(away_team_id=\?/);
    assert.doesNotMatch(plans[0]!, /status_order|SCAN matches/);
  });

  it('an identical re-import inserts and updates nothing', async (t) => {
    if (!needsSharedData(t)) return;
    const derived = async () => ({
      competitions: await storage.db.selectFrom('competitions').selectAll().orderBy('id').execute(),
      seasons: await storage.db.selectFrom('seasons').selectAll().orderBy('id').execute(),
    });
    const before = await derived();
    const again = await ingest(storage, FOOTBALL_JSON, { clubs: CLUBS, now: '2026-03-14T00:00:00Z' });
    // Counts, date ranges and current seasons stay as they are (the run skips recomputing them).
    assert.deepEqual(await derived(), before);
    assert.equal(again.outcome, 'succeeded', again.error ?? '');
    assert.deepEqual([again.inserted, again.updated, again.unchanged], [0, 0, first.inserted]);
    assert.equal(again.rejected, first.rejected);
    assert.equal(again.rowsWritten, 0);
    assert.equal(again.sha256, first.sha256);
  });
});
