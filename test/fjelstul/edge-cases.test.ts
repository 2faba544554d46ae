import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type RawBuilder } from 'kysely';
import type { RunSummary } from '../../src/ingest/runner.js';
import { SOURCE_NAMES } from '../../src/ingest/source-precedence.js';
import type { Storage } from '../../src/storage/connection.js';
import { findRun } from '../../src/storage/repositories/ingestion-run.repository.js';
import { ingestFjelstul, openDb, tempDir, writeTables } from './support/fixtures.js';
import { sampleTables } from './support/sample-dataset.js';

const FINAL = 'M-2022-64';

async function rows<T>(storage: Storage, query: RawBuilder<unknown>): Promise<T[]> {
  return (await (query as RawBuilder<T>).execute(storage.db)).rows;
}

async function matchIdOf(storage: Storage, key: string): Promise<string> {
  const [row] = await rows<{ match_id: string }>(
    storage,
    sql`select match_id from match_sources where source_key = ${key}`,
  );
  assert.ok(row, `no match for ${key}`);
  return row.match_id;
}

describe('fjelstul: edge cases on a small dataset', () => {
  const tmp = tempDir();
  let storage: Storage;
  let first: RunSummary;
  let finalId: string;

  before(async () => {
    writeTables(tmp.dir, sampleTables());
    storage = await openDb(tmp.dir);
    first = await ingestFjelstul(storage, tmp.dir);
    assert.equal(first.outcome, 'succeeded', first.error ?? '');
    finalId = await matchIdOf(storage, FINAL);
  });

  after(async () => {
    await storage.close();
    tmp.cleanup();
  });

  it('stores the final once with the score after extra time, the 90-minute and half-time scores, and penalties', async () => {
    const [m] = await rows<Record<string, unknown>>(
      storage,
      sql`select * from matches where id = ${finalId}`,
    );
    assert.ok(m);
    assert.deepEqual(
      [m.home_score, m.away_score, m.ht_home, m.ht_away, m.ft_home, m.ft_away, m.et_home, m.et_away],
      [3, 3, 2, 0, 2, 2, 3, 3],
    );
    assert.deepEqual([m.pen_home, m.pen_away], [4, 2]);
    assert.equal(m.status, 'finished');
    assert.equal(m.round, 'Final');
    assert.equal(m.stage, 'final');
    assert.equal(m.starts_at, '2022-12-18T15:00:00Z');
    assert.equal(m.local_date, '2022-12-18');
    assert.equal(m.venue_name, 'Lusail Stadium');
    assert.equal(m.source, SOURCE_NAMES.fjelstul);
  });

  it('converts local kick-off times with the venue city zone; an unknown city keeps the date only', async () => {
    const stanford = await matchIdOf(storage, 'M-1994-01');
    const nowhere = await matchIdOf(storage, 'M-1994-02');
    const edmonton = await matchIdOf(storage, 'M-2015-06');
    const got = await rows<{ id: string; starts_at: string; time_known: number; round: string }>(
      storage,
      sql`select id, starts_at, time_known, round from matches`,
    );
    const by = new Map(got.map((r) => [r.id, r]));
    assert.equal(by.get(stanford)?.starts_at, '1994-06-20T19:30:00Z');
    assert.deepEqual([by.get(nowhere)?.starts_at, by.get(nowhere)?.time_known], ['1994-07-10T00:00:00Z', 0]);
    assert.equal(by.get(nowhere)?.round, 'Quarter-finals');
    assert.deepEqual(
      [by.get(edmonton)?.starts_at, by.get(edmonton)?.round],
      ['2015-06-08T22:00:00Z', 'Group C'],
    );
    assert.ok(first.notes.some((n) => n.includes('Nowhere, United States')));
  });

  it('without goals adding up to the score there is no half-time score; 0-0 with no goals is 0-0 at half time', async () => {
    const [stanford] = await rows<Record<string, unknown>>(
      storage,
      sql`select * from matches where id = ${await matchIdOf(storage, 'M-1994-01')}`,
    );
    assert.deepEqual([stanford?.ht_home, stanford?.ft_home, stanford?.ft_away], [null, 0, 1]);
    const [edmonton] = await rows<Record<string, unknown>>(
      storage,
      sql`select * from matches where id = ${await matchIdOf(storage, 'M-2015-06')}`,
    );
    assert.deepEqual([edmonton?.ht_home, edmonton?.ht_away, edmonton?.et_home], [0, 0, null]);
  });

  it('makes national teams of both genders, West Germany being Germany', async () => {
    const teams = await rows<{ name: string; name_season: string; country_name: string }>(
      storage,
      sql`select name, name_season, country_name from teams order by name`,
    );
    const names = teams.map((t) => t.name);
    assert.ok(names.includes('Germany') && names.includes('Germany (women)'));
    assert.ok(!names.includes('West Germany'));
    assert.ok(teams.every((t) => t.name_season === '0000'));
    assert.equal(teams.find((t) => t.name === 'United States (women)')?.country_name, 'United States');
    const [alias] = await rows<{ n: number }>(
      storage,
      sql`select count(*) as n from team_aliases where alias = 'West Germany' and scope = 'national:men'`,
    );
    assert.equal(Number(alias?.n), 1);
    const comps = await rows<{ code: string; gender: string; type: string }>(
      storage,
      sql`select code, gender, type from competitions order by code`,
    );
    assert.deepEqual(comps, [
      { code: 'fifa.wc', gender: 'men', type: 'tournament' },
      { code: 'fifa.wwc', gender: 'women', type: 'tournament' },
    ]);
  });

  it('builds the timeline: goal kinds, cards, paired substitutions and shoot-out kicks in order', async () => {
    const events = await rows<Record<string, string | number | null>>(
      storage,
      sql`select e.type, e.period, e.minute, e.stoppage_minute, e.label, e.detail, p.name as player, r.name as related
       from match_events e left join players p on p.id = e.player_id left join players r on r.id = e.related_player_id
       where e.match_id = ${finalId} order by e.sort_key`,
    );
    const line = (e: Record<string, unknown>) =>
      [e.type, e.label, e.player, e.related, e.detail].filter((x) => x !== null).join(' ');
    assert.deepEqual(events.map(line), [
      "penalty_goal 23' Lionel Messi",
      "goal 36' Ángel Di María",
      "substitution 41' Marcus Thuram Olivier Giroud",
      "yellow_card 45+7' Lionel Messi",
      "second_yellow_card 70' Kingsley Coman",
      "substitution 71' Randal Kolo Muani Kingsley Coman",
      "substitution 71' Didi Kylian Mbappé",
      "red_card 75' Olivier Giroud after a yellow card",
      "penalty_goal 80' Kylian Mbappé",
      "goal 81' Kylian Mbappé",
      "red_card 88' Paulo Dybala",
      "goal 108' Lionel Messi",
      "penalty_goal 118' Kylian Mbappé",
      "substitution 120+1' Paulo Dybala player going off not recorded",
      'shootout_kick Lionel Messi scored',
      'shootout_kick Kylian Mbappé scored',
      'shootout_kick Paulo Dybala scored',
      'shootout_kick Kingsley Coman missed',
    ]);
    const yellow = events.find((e) => e.type === 'yellow_card')!;
    assert.deepEqual([yellow.period, yellow.minute, yellow.stoppage_minute], ['first_half', 45, 7]);
    const kick = events.find((e) => e.type === 'shootout_kick')!;
    assert.deepEqual([kick.period, kick.minute, kick.label], ['penalty_shootout', null, null]);
  });

  it('counts cards per side: first yellows as yellow, sendings-off as red; 0 where a match had none', async () => {
    const stats = await rows<{
      team: string;
      match_date: string;
      yellow_cards: number;
      red_cards: number;
      shots_total: null;
    }>(
      storage,
      sql`select t.name as team, s.match_date, s.yellow_cards, s.red_cards, s.shots_total
       from match_team_stats s join teams t on t.id = s.team_id order by s.match_date, t.name`,
    );
    assert.equal(stats.length, 8);
    const final = stats.filter((s) => s.match_date === '2022-12-18');
    assert.deepEqual(
      final.map((s) => [s.team, s.yellow_cards, s.red_cards, s.shots_total]),
      [
        ['Argentina', 1, 1, null],
        ['France', 2, 2, null],
      ],
    );
    assert.ok(
      stats
        .filter((s) => s.match_date !== '2022-12-18')
        .every((s) => s.yellow_cards === 0 && s.red_cards === 0),
    );
  });

  it('stores lineups, team sheets with joint managers, squads and players', async () => {
    const lineups = await rows<{ name: string; role: string; shirt_number: number | null; position: string }>(
      storage,
      sql`select p.name, l.role, l.shirt_number, l.position from match_lineups l join players p on p.id = l.player_id order by p.name`,
    );
    assert.deepEqual(lineups, [
      { name: 'Lionel Messi', role: 'starting', shirt_number: 10, position: 'right winger' },
      { name: 'Paulo Dybala', role: 'bench', shirt_number: null, position: 'FW' },
    ]);
    const sheets = await rows<{ coach_name: string; formation: null }>(
      storage,
      sql`select coach_name, formation from match_team_sheets order by coach_name`,
    );
    assert.deepEqual(sheets, [
      { coach_name: 'Didier Deschamps and Guy', formation: null },
      { coach_name: 'Lionel Scaloni', formation: null },
    ]);
    const squad = await rows<{
      name: string;
      shirt_number: number | null;
      position: string;
      date_of_birth: string | null;
    }>(
      storage,
      sql`select p.name, s.shirt_number, s.position, p.date_of_birth from squad_members s join players p on p.id = s.player_id order by p.name`,
    );
    assert.deepEqual(squad, [
      { name: 'Didi', shirt_number: null, position: 'midfielder', date_of_birth: null },
      { name: 'Lionel Messi', shirt_number: 10, position: 'forward', date_of_birth: '1987-06-24' },
    ]);
  });

  it('keeps a team in two groups of one edition apart (1950 first round and final round)', async () => {
    const table = await rows<{
      group_name: string;
      position: number;
      team: string;
      description: string | null;
    }>(
      storage,
      sql`select s.group_name, s.position, t.name as team, s.description from standings s join teams t on t.id = s.team_id order by s.group_name, s.position`,
    );
    assert.deepEqual(table, [
      { group_name: 'Final round', position: 1, team: 'United States', description: 'advanced' },
      { group_name: 'Final round', position: 2, team: 'Brazil', description: null },
      { group_name: 'Group 1', position: 1, team: 'Brazil', description: 'advanced' },
    ]);
  });

  it('rejects unusable rows with their file, row and reason, and audits every file', async () => {
    const run = await findRun(storage.db, first.runId);
    assert.ok(run);
    const got = run.rejections.map((r) => [r.artifact_uri.split('/').pop(), r.record_ref, r.reason]);
    assert.deepEqual(got, [
      ['matches.csv', 'row 5', 'unknown team T-99 (not in teams.csv or rejected there)'],
      ['matches.csv', 'row 6', 'home_team_score is not a whole number ("x")'],
      ['goals.csv', 'row 7', 'unknown match M-9999 (not in matches.csv or rejected there)'],
      ['bookings.csv', 'row 5', 'unknown player P-404 (not in players.csv or rejected there)'],
      ['player_appearances.csv', 'row 3', `team T-09 did not play in match ${FINAL}`],
    ]);
    assert.equal(first.rejected, 5);
    const matches = run.artifacts.find((a) => a.uri.endsWith('/matches.csv'));
    assert.deepEqual([matches?.records_seen, matches?.rejected], [6, 2]);
    assert.equal(run.artifacts.length, 11);
  });

  it('writes nothing on an identical re-import', async () => {
    const again = await ingestFjelstul(storage, tmp.dir);
    assert.equal(again.outcome, 'succeeded', again.error ?? '');
    assert.deepEqual([again.inserted, again.updated, again.rowsWritten], [0, 0, 0]);
    assert.equal(again.unchanged, first.inserted);
  });
});
