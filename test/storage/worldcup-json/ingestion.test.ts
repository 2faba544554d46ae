import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { nationalTeam } from '../../../src/ingest/identity/national-teams.js';
import {
  tournamentCompetitionId,
  tournamentMatchId,
  tournamentSeasonId,
} from '../../../src/ingest/identity/tournament-identity.js';
import type { RunSummary } from '../../../src/ingest/runner.js';
import { findRun } from '../../../src/storage/repositories/ingestion-run.repository.js';
import { writeFixtures } from '../../support/worldcup-json-fixtures.js';
import {
  count,
  ingestWorldcupJson,
  openTempStorage,
  writeJson,
  type TempStorage,
} from '../../support/worldcup-json.js';

const SOURCE = 'openfootball/worldcup.json';
const NOW = '2026-06-15T00:00:00Z';
const team = (name: string) => nationalTeam(name, false)!.teamId;
const wcMatch = (year: string, date: string, a: string, b: string) =>
  tournamentMatchId('fifa.wc', year, date, team(a), team(b));

describe('worldcup.json ingestion (fixtures)', () => {
  let storage: TempStorage;
  let first: RunSummary;

  before(async () => {
    storage = await openTempStorage();
    const { from, clubs } = writeFixtures(storage.dir);
    first = await ingestWorldcupJson(storage, from, { now: NOW, clubs });
  });

  after(async () => {
    await storage.close();
  });

  const match = (id: string) =>
    storage.db.selectFrom('matches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('stores every usable match once, under the tournament match ID', async () => {
    assert.equal(first.outcome, 'succeeded', first.error ?? '');
    assert.equal(await count(storage, 'matches'), 17);
    const final = await match(wcMatch('2022', '2022-12-18', 'France', 'Argentina'));
    assert.deepEqual(
      {
        score: [final.home_score, final.away_score],
        ht: [final.ht_home, final.ht_away],
        ft: [final.ft_home, final.ft_away],
        et: [final.et_home, final.et_away],
        pen: [final.pen_home, final.pen_away],
      },
      { score: [3, 3], ht: [2, 0], ft: [2, 2], et: [3, 3], pen: [4, 2] },
    );
    assert.equal(final.home_team_id, team('Argentina'));
    assert.equal(final.status, 'finished');
    assert.equal(final.starts_at, '2022-12-18T15:00:00Z'); // 18:00 in Qatar (UTC+3)
    assert.equal(final.time_known, 1);
    assert.equal(final.local_date, '2022-12-18');
    assert.equal(final.round, 'Final');
    assert.equal(final.stage, null);
    assert.equal(final.venue_name, 'Lusail Iconic Stadium, Lusail');
    assert.equal(final.source, SOURCE);
    assert.equal(final.season_id, tournamentSeasonId('fifa.wc', '2022'));
    assert.equal(final.competition_id, tournamentCompetitionId('fifa.wc'));
    const opener = await match(wcMatch('2022', '2022-11-20', 'Qatar', 'Ecuador'));
    assert.equal(opener.round, 'Group A');
    const provenance = await storage.db
      .selectFrom('match_sources')
      .selectAll()
      .where('match_id', '=', final.id)
      .execute();
    assert.deepEqual(
      provenance.map((p) => [p.id, p.source, p.source_key]),
      [[`${final.id}:${SOURCE}`, SOURCE, '2022/worldcup.json#1']],
    );
  });

  it('describes the competitions, seasons and national teams as the shared contract says', async () => {
    const wc = await storage.db
      .selectFrom('competitions')
      .selectAll()
      .where('id', '=', tournamentCompetitionId('fifa.wc'))
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [wc.code, wc.name, wc.slug, wc.type, wc.gender, wc.timezone, wc.country_code, wc.name_season],
      ['fifa.wc', 'FIFA World Cup', 'fifa-world-cup', 'tournament', 'men', 'UTC', null, '2026'],
    );
    const seasons = await storage.db
      .selectFrom('seasons')
      .select(['key', 'name'])
      .where('competition_id', '=', wc.id)
      .orderBy('key')
      .execute();
    assert.deepEqual(
      seasons.map((s) => `${s.key}=${s.name}`),
      ['1938=1938', '2022=2022', '2026=2026'],
    );
    const codes = await storage.db
      .selectFrom('competitions')
      .select(['code', 'name'])
      .orderBy('code')
      .execute();
    assert.deepEqual(codes, [
      { code: 'fifa.cwc', name: 'FIFA Club World Cup' },
      { code: 'fifa.wc', name: 'FIFA World Cup' },
      { code: 'fifa.wc.quali', name: 'FIFA World Cup qualification' },
    ]);
    const argentina = await storage.db
      .selectFrom('teams')
      .selectAll()
      .where('id', '=', team('Argentina'))
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [argentina.name, argentina.slug, argentina.name_season, argentina.country_name, argentina.country_code],
      ['Argentina', 'argentina', '0000', 'Argentina', 'AR'],
    );
    const indonesia = await storage.db
      .selectFrom('teams')
      .selectAll()
      .where('id', '=', team('Dutch East Indies'))
      .executeTakeFirstOrThrow();
    assert.equal(indonesia.name, 'Indonesia');
    const alias = await storage.db
      .selectFrom('team_aliases')
      .selectAll()
      .where('alias', '=', 'Bosnia & Herzegovina')
      .executeTakeFirstOrThrow();
    assert.deepEqual([alias.scope, alias.team_id], ['national:men', team('Bosnia and Herzegovina')]);
  });

  it('rejects unusable records with their place and reason, and counts them per file', async () => {
    const run = await findRun(storage.db, first.runId);
    assert.ok(run);
    const rejections = run.rejections.map((r) => `${r.artifact_uri} ${r.record_ref}: ${r.reason}`);
    assert.deepEqual(rejections, [
      'worldcup.json/2022/worldcup.json matches[2]: unknown national team "Atlantis" (not in src/ingest/identity/national-teams.ts)',
      'worldcup.json/2022/worldcup.json matches[3]: duplicate of worldcup.json/2022/worldcup.json matches[0] (same teams on the same date)',
      'worldcup.json/2022/worldcup.json matches[4]: date "2022-12-32" is not a valid YYYY-MM-DD date',
      'worldcup.json/2022/worldcup.json matches[5].goals1[1]: minute "soon" is neither a number nor "N" / "N+M"',
      'worldcup.json/2022/worldcup.json matches[7]: placeholder team "W49" (team not yet known)',
      'worldcup.json/2026/worldcup.squads.json [0].players[3]: date_of_birth "soon" is not YYYY-MM-DD',
      'worldcup.json/2026/worldcup.squads.json [2].players[0]: unknown national team "ATL"',
    ]);
    assert.equal(first.rejected, 7);
    const file = run.artifacts.find((a) => a.uri === 'worldcup.json/2022/worldcup.json')!;
    // 8 match entries and the 15 goals of the 4 matches kept; 4 matches and 14 goals stored.
    assert.deepEqual([file.records_seen, file.inserted, file.rejected], [23, 18, 5]);
    assert.ok(!run.artifacts.some((a) => a.uri.endsWith('worldcup.groups.json')));
    assert.ok(
      first.notes.some((n) => /2022\/worldcup.json: 1 matches whose goal lists do not add up/.test(n)),
    );
  });

  it('keeps date-only kick-offs, cancelled matches and replays', async () => {
    const canceled = await match(wcMatch('1938', '1938-06-05', 'Sweden', 'Austria'));
    assert.deepEqual(
      [canceled.status, canceled.source_status, canceled.home_score, canceled.starts_at, canceled.time_known],
      ['canceled', 'canceled', null, '1938-06-05T00:00:00Z', 0],
    );
    const replay = await match(wcMatch('1938', '1938-06-09', 'Switzerland', 'Germany'));
    assert.notEqual(replay.id, wcMatch('1938', '1938-06-05', 'Switzerland', 'Germany'));
    assert.equal(replay.round, 'First round, Replays');
  });

  it('says scheduled for fixtures ahead and unknown for past ones without a result', async () => {
    assert.equal((await match(wcMatch('2026', '2026-06-12', 'USA', 'Paraguay'))).status, 'unknown');
    const final = await match(wcMatch('2026', '2026-07-19', 'Spain', 'Argentina'));
    assert.deepEqual([final.status, final.starts_at], ['scheduled', '2026-07-19T19:00:00Z']);
  });

  it('stores the qualification play-offs as a competition of their own, every score shape read', async () => {
    const quali = (date: string, a: string, b: string) =>
      tournamentMatchId('fifa.wc.quali', '2026', date, team(a), team(b));
    const wales = await match(quali('2026-03-26', 'Wales', 'Bosnia and Herzegovina'));
    assert.deepEqual(
      [wales.home_score, wales.away_score, wales.ft_home, wales.et_home, wales.pen_home, wales.pen_away],
      [1, 1, null, 1, 2, 4],
    );
    assert.equal(wales.starts_at, '2026-03-26T19:45:00Z');
    assert.equal(wales.round, 'UEFA Second Round Play-offs, Path A, Semi-finals');
    assert.equal(wales.season_id, tournamentSeasonId('fifa.wc.quali', '2026'));
    const turkey = await match(quali('2026-03-26', 'Turkey', 'Romania'));
    assert.deepEqual([turkey.home_score, turkey.ft_home, turkey.starts_at], [1, 1, '2026-03-26T17:00:00Z']);
    const congo = await match(quali('2026-03-31', 'DR Congo', 'Jamaica'));
    assert.deepEqual(
      [congo.home_score, congo.away_score, congo.ft_home, congo.status],
      [1, 0, null, 'finished'],
    );
    const kosovo = await match(quali('2026-03-31', 'Kosovo', 'Turkey'));
    assert.equal(kosovo.starts_at, '2026-03-31T18:45:00Z'); // CEST
  });

  it('writes nothing when the same files are ingested again', async () => {
    const again = await ingestWorldcupJson(storage, path.join(storage.dir, 'worldcup.json'), {
      now: NOW,
      clubs: path.join(storage.dir, 'clubs'),
    });
    assert.equal(again.outcome, 'succeeded', again.error ?? '');
    assert.deepEqual([again.inserted, again.updated, again.rowsWritten], [0, 0, 0]);
    assert.equal(again.unchanged, first.inserted);
    assert.equal(await count(storage, 'matches'), 17);
  });
});

describe('worldcup.json ingestion failures', () => {
  it('fails the whole run on bad JSON and writes nothing', async () => {
    const storage = await openTempStorage();
    try {
      const from = path.join(storage.dir, 'worldcup.json');
      writeJson(from, '2018/worldcup.json', { name: 'World Cup 2018', matches: [] });
      writeJson(from, '2022/worldcup.json', '{"name": "World Cup 2022", "matches": [');
      const run = await ingestWorldcupJson(storage, from);
      assert.equal(run.outcome, 'failed');
      assert.match(run.error ?? '', /2022\/worldcup\.json: not valid JSON/);
      assert.equal(await count(storage, 'matches'), 0);
      writeJson(from, '2022/worldcup.json', { matches: [] });
      assert.match((await ingestWorldcupJson(storage, from)).error ?? '', /not a worldcup.json match file/);
      fs.rmSync(from, { recursive: true });
      writeJson(from, 'README.md', 'nothing here');
      assert.match((await ingestWorldcupJson(storage, from)).error ?? '', /no worldcup.json files/);
    } finally {
      await storage.close();
    }
  });
});
