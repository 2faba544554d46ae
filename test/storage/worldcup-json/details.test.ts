import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { nationalTeam } from '../../../src/ingest/identity/national-teams.js';
import { tournamentMatchId, tournamentSeasonId } from '../../../src/ingest/identity/tournament-identity.js';
import { writeFixtures } from '../../support/worldcup-json-fixtures.js';
import { ingestWorldcupJson, openTempStorage, type TempStorage } from '../../support/worldcup-json.js';

const SOURCE = 'openfootball/worldcup.json';
const NOW = '2026-06-15T00:00:00Z';
const team = (name: string) => nationalTeam(name, false)!.teamId;
const wcMatch = (year: string, date: string, a: string, b: string) =>
  tournamentMatchId('fifa.wc', year, date, team(a), team(b));

describe('worldcup.json ingestion: goals, squads and clubs (fixtures)', () => {
  let storage: TempStorage;

  before(async () => {
    storage = await openTempStorage();
    const { from, clubs } = writeFixtures(storage.dir);
    const run = await ingestWorldcupJson(storage, from, { now: NOW, clubs });
    assert.equal(run.outcome, 'succeeded', run.error ?? '');
  });

  after(async () => {
    await storage.close();
  });

  const events = (matchId: string) =>
    storage.db
      .selectFrom('match_events')
      .selectAll()
      .where('match_id', '=', matchId)
      .orderBy('sort_key')
      .execute();

  it('turns goals into timeline events: periods, stoppage time, penalties and own goals', async () => {
    const final = await events(wcMatch('2022', '2022-12-18', 'Argentina', 'France'));
    assert.deepEqual(
      final.map((e) => `${e.label} ${e.type} ${e.period} ${e.team_id === team('Argentina') ? 'ARG' : 'FRA'}`),
      [
        "23' penalty_goal first_half ARG",
        "36' goal first_half ARG",
        "80' penalty_goal second_half FRA",
        "81' goal second_half FRA",
        "108' goal extra_time_second_half ARG",
        "118' penalty_goal extra_time_second_half FRA",
      ],
    );
    assert.equal(final[0]!.id, `${final[0]!.match_id}:worldcup.json:goal:home:0`);
    assert.equal(final[0]!.sort_key, '1:023:00:0001');
    // The own goal counts for Canada; its scorer plays for Morocco.
    const [ownGoal] = await events(wcMatch('2022', '2022-12-01', 'Canada', 'Morocco')).then((e) =>
      e.filter((x) => x.type === 'own_goal'),
    );
    assert.equal(ownGoal!.team_id, team('Canada'));
    const scorer = await storage.db
      .selectFrom('players')
      .selectAll()
      .where('id', '=', ownGoal!.player_id!)
      .executeTakeFirstOrThrow();
    assert.deepEqual([scorer.name, scorer.date_of_birth, scorer.source], ['Nayef Aguerd', null, SOURCE]);
    // One Messi across matches: same team, same name.
    const messi = await storage.db
      .selectFrom('players')
      .select('id')
      .where('name', '=', 'Lionel Messi')
      .execute();
    assert.equal(messi.length, 1);
    const late = await events(wcMatch('2026', '2026-06-11', 'Mexico', 'South Africa'));
    assert.deepEqual(
      late.map((e) => [e.label, e.minute, e.stoppage_minute, e.period]),
      [
        ["9'", 9, null, 'first_half'],
        ["90+6'", 90, 6, 'second_half'],
      ],
    );
  });

  it('stores the 2026 squads; goal scorers stay players of their own, whatever files a run reads', async () => {
    const season = tournamentSeasonId('fifa.wc', '2026');
    const members = await storage.db
      .selectFrom('squad_members as s')
      .innerJoin('players as p', 'p.id', 's.player_id')
      .select([
        's.id',
        's.team_id',
        's.player_id',
        's.shirt_number',
        's.position',
        's.season_id',
        'p.name',
        'p.date_of_birth',
      ])
      .orderBy('s.shirt_number')
      .execute();
    assert.deepEqual(
      members.map((m) => [m.name, m.shirt_number, m.position, m.date_of_birth]),
      [
        ['Raúl Rangel', 1, 'Goalkeeper', '2000-02-25'],
        ['Raúl Jiménez', 9, 'Forward', '1991-05-05'],
        ['Percy Tau', 10, null, '1994-05-13'],
        ['Julián Quiñones', 21, 'Midfielder', '1997-03-24'],
      ],
    );
    for (const m of members) {
      assert.equal(m.season_id, season);
      assert.equal(m.id, `${season}:${m.team_id}:${m.player_id}`);
    }
    const goals = await events(wcMatch('2026', '2026-06-11', 'Mexico', 'South Africa'));
    const jimenez = members.find((m) => m.name === 'Raúl Jiménez')!;
    assert.notEqual(goals[1]!.player_id, jimenez.player_id);
    const scorer = await storage.db
      .selectFrom('players')
      .selectAll()
      .where('id', '=', goals[1]!.player_id!)
      .executeTakeFirstOrThrow();
    assert.deepEqual([scorer.name, scorer.date_of_birth], ['Raúl Jiménez', null]);
  });

  it('resolves Club World Cup clubs through the clubs directory, countries from their FIFA code', async () => {
    const cwc = await storage.db
      .selectFrom('competitions')
      .selectAll()
      .where('code', '=', 'fifa.cwc')
      .executeTakeFirstOrThrow();
    assert.equal(cwc.timezone, 'America/New_York');
    const rows = await storage.db
      .selectFrom('matches as m')
      .innerJoin('teams as h', 'h.id', 'm.home_team_id')
      .innerJoin('teams as a', 'a.id', 'm.away_team_id')
      .where('m.competition_id', '=', cwc.id)
      .select([
        'h.name as home',
        'h.country_code as hc',
        'a.name as away',
        'a.country_code as ac',
        'm.starts_at',
        'm.local_date',
      ])
      .orderBy('m.starts_at')
      .execute();
    assert.deepEqual(rows, [
      {
        home: 'Chelsea',
        hc: 'GB',
        away: 'Los Angeles FC',
        ac: 'US',
        starts_at: '2025-06-16T19:00:00Z',
        local_date: '2025-06-16',
      },
      {
        home: 'Real Madrid',
        hc: 'ES',
        away: 'Al Hilal',
        ac: 'SA',
        starts_at: '2025-06-19T01:00:00Z',
        local_date: '2025-06-18',
      },
    ]);
    const chelsea = await storage.db
      .selectFrom('team_aliases')
      .select(['scope', 'alias'])
      .where('alias', '=', 'Chelsea FC')
      .execute();
    assert.deepEqual(chelsea, [{ scope: 'eng', alias: 'Chelsea FC' }]);
  });
});
