import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { RunSummary } from '../../../src/ingest/runner.js';
import { SOURCE_NAMES } from '../../../src/ingest/source-precedence.js';
import type { Storage } from '../../../src/storage/connection.js';
import { ingestSample, matchIdOf, rows, type SampleRun } from '../../support/fjelstul/sample-run.js';

describe('fjelstul sample: matches, teams and timelines', () => {
  let sample: SampleRun;
  let storage: Storage;
  let first: RunSummary;
  let finalId: string;

  before(async () => {
    sample = await ingestSample();
    ({ storage, run: first, finalId } = sample);
  });

  after(() => sample.close());

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
});
