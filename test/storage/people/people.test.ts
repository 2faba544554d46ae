// People and places from the Fjelstul sample (test/support/fjelstul/sample-dataset.ts), read back through
// the repositories and the computations the routes use, on the engine under test.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { competitionLeaders } from '../../../src/api/people/competition-leaders.js';
import { playerCareer } from '../../../src/api/people/player-career.js';
import { coachId, refereeId, venueId } from '../../../src/ingest/fjelstul/people-ids.js';
import { playerId } from '../../../src/ingest/fjelstul/players.js';
import {
  coachDetail,
  competitionHasOfficials,
  findPerson,
  listPeople,
  officialsOfMatch,
  refereeMatches,
  seasonHonours,
  teamPlacings,
  venueMatchCount,
} from '../../../src/storage/repositories/people.repository.js';
import { ingestSample, type SampleRun } from '../../support/fjelstul/sample-run.js';
import { openApi } from '../../support/sources/api.js';

describe('people: players, coaches, referees, venues, careers, leaders and honours (sample)', () => {
  let sample: SampleRun;
  const page = { page: 1, limit: 25 };
  const teamNamed = async (name: string) =>
    (
      await sample.storage.db
        .selectFrom('teams')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;

  before(async () => {
    sample = await ingestSample();
  });
  after(() => sample.close());

  it('stores each person and place under an ID made from the source key', async () => {
    const { db } = sample.storage;
    const messi = await findPerson(db, 'players', playerId('P-1'));
    assert.deepEqual(
      [messi?.name, messi?.given_name, messi?.family_name, messi?.search_name, messi?.date_of_birth],
      ['Lionel Messi', 'Lionel', 'Messi', 'lionel messi', '1987-06-24'],
    );
    const didi = await findPerson(db, 'players', playerId('P-6'));
    assert.deepEqual([didi?.name, didi?.given_name], ['Didi', null]);
    assert.equal((await findPerson(db, 'coaches', coachId('M-1')))?.name, 'Lionel Scaloni');
    assert.equal((await findPerson(db, 'coaches', coachId('M-3')))?.name, 'Guy');
    const referee = await findPerson(db, 'referees', refereeId('R-1'));
    assert.deepEqual(
      [referee?.name, referee?.country_name, referee?.confederation],
      ['Szymon Marciniak', 'Poland', 'UEFA'],
    );
    const venue = await findPerson(db, 'venues', venueId('S-1'));
    assert.deepEqual([venue?.name, venue?.city, venue?.capacity], ['Lusail Stadium', 'Lusail', null]);
    assert.equal(await venueMatchCount(db, venueId('S-1')), 1);
  });

  it('finds players by folded name and by the team they were named for', async () => {
    const { db } = sample.storage;
    const found = await listPeople(db, 'players', { search: 'maria' }, page);
    assert.deepEqual([found.rows.map((r) => r.name), found.total], [['Ángel Di María'], 1]);
    const argentina = await teamNamed('Argentina');
    const named = await listPeople(db, 'players', { teamId: argentina }, page);
    // Squads (Messi, Didi) and lineups (Messi, Dybala), each once, by folded name.
    assert.deepEqual(
      named.rows.map((r) => r.name),
      ['Didi', 'Lionel Messi', 'Paulo Dybala'],
    );
    const second = await listPeople(db, 'players', {}, { page: 2, limit: 4 });
    assert.equal(second.total, 9);
    assert.equal(second.rows.length, 4);
    assert.equal(second.hasMore, true);
    assert.deepEqual((await listPeople(db, 'coaches', { search: '50%' }, page)).rows, []);
  });

  it('names the coach of a team sheet with one coach, and none for joint coaches', async () => {
    const sheets = await sample.storage.db
      .selectFrom('match_team_sheets')
      .select(['coach_name', 'coach_id'])
      .where('match_id', '=', sample.finalId)
      .orderBy('coach_name')
      .execute();
    assert.deepEqual(sheets, [
      { coach_name: 'Didier Deschamps and Guy', coach_id: null },
      { coach_name: 'Lionel Scaloni', coach_id: coachId('M-1') },
    ]);
    const scaloni = await coachDetail(sample.storage.db, coachId('M-1'));
    assert.deepEqual(
      [scaloni.appointments.map((a) => [a.team_name, a.season_name]), scaloni.matches],
      [[['Argentina', '2022']], 1],
    );
  });

  it("records the final's referee, and the matches a referee officiated", async () => {
    const { db } = sample.storage;
    const key = await db
      .selectFrom('matches')
      .select(['id', 'local_date', 'home_team_id', 'away_team_id'])
      .where('id', '=', sample.finalId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(await officialsOfMatch(db, key), [
      {
        role: 'referee',
        referee_id: refereeId('R-1'),
        name: 'Szymon Marciniak',
        source: 'fjelstul/worldcup',
      },
    ]);
    const matches = await refereeMatches(db, refereeId('R-1'));
    assert.deepEqual(
      matches.map((m) => [m.id, m.home_team_name, m.away_team_name]),
      [[sample.finalId, 'Argentina', 'France']],
    );
    const final = await db
      .selectFrom('matches')
      .select('competition_id')
      .where('id', '=', sample.finalId)
      .executeTakeFirstOrThrow();
    assert.equal(await competitionHasOfficials(db, final.competition_id), true);
  });

  it("counts a career from the lineups and the timeline: Messi's 2022 final", async () => {
    const career = await playerCareer(sample.storage, sample.storage.db, playerId('P-1'));
    assert.deepEqual(
      career.rows.map((r) => ({ ...r, competition: r.competition.name })),
      [
        {
          competition: 'FIFA World Cup',
          season: { id: career.rows[0]!.season.id, name: '2022' },
          team: { id: await teamNamed('Argentina'), name: 'Argentina' },
          appearances: 1,
          starts: 1,
          minutes: 120,
          goals: 2,
          penalty_goals: 1,
          own_goals: 0,
          yellow_cards: 1,
          red_cards: 0,
          coverage: { appearances: true, minutes: true, goals: true, cards: true },
        },
      ],
    );
    assert.deepEqual(
      career.attribution.map((a) => a.source),
      ['fjelstul/worldcup'],
    );
  });

  it('leaves a figure null where the lineups do not cover the team: Mbappé, with no France lineup', async () => {
    const [row] = (await playerCareer(sample.storage, sample.storage.db, playerId('P-3'))).rows;
    assert.deepEqual(
      [
        row?.team.name,
        row?.appearances,
        row?.minutes,
        row?.goals,
        row?.penalty_goals,
        row?.coverage.appearances,
      ],
      ['France', null, null, 3, 2, false],
    );
  });

  it('ranks the leaders of a season, ties sharing a rank, and counts no assists', async () => {
    const { db } = sample.storage;
    const final = await db
      .selectFrom('matches')
      .select(['competition_id', 'season_id'])
      .where('id', '=', sample.finalId)
      .executeTakeFirstOrThrow();
    const scope = { competitionId: final.competition_id, seasonId: final.season_id };
    const goals = await competitionLeaders(db, scope, 'goals', 20);
    assert.deepEqual(
      goals.leaders.map((l) => [l.rank, l.player.name, l.value, l.matches, l.teams.map((t) => t.name)]),
      [
        [1, 'Kylian Mbappé', 3, null, ['France']],
        [2, 'Lionel Messi', 2, 1, ['Argentina']],
        // The sample gives Di María no lineup row: matches count lineup rows.
        [3, 'Ángel Di María', 1, 0, ['Argentina']],
      ],
    );
    assert.equal(goals.seasonsCounted, 1);
    const reds = await competitionLeaders(db, scope, 'red_cards', 20);
    assert.deepEqual(
      reds.leaders.map((l) => [l.rank, l.player.name, l.value]),
      [
        // Within the rank, fewer matches first, unknown (France has no lineup) last, then by name.
        [1, 'Paulo Dybala', 1],
        [1, 'Kingsley Coman', 1],
        [1, 'Olivier Giroud', 1],
      ],
    );
    const top = await competitionLeaders(db, scope, 'goals', 1);
    assert.deepEqual(
      top.leaders.map((l) => l.player.name),
      ['Kylian Mbappé'],
    );
    const assists = await competitionLeaders(db, scope, 'assists', 20);
    assert.deepEqual([assists.seasonsCounted, assists.leaders], [0, []]);
  });

  it('keeps the final placings and awards of a season, and a team over its seasons', async () => {
    const { db } = sample.storage;
    const final = await db
      .selectFrom('matches')
      .select('season_id')
      .where('id', '=', sample.finalId)
      .executeTakeFirstOrThrow();
    const honours = await seasonHonours(db, final.season_id);
    assert.deepEqual(
      honours.placings.map((p) => [p.position, p.name]),
      [
        [1, 'Argentina'],
        [2, 'France'],
      ],
    );
    assert.deepEqual(
      honours.awards.map((a) => [a.award, a.player_name, a.team_name, a.shared]),
      [['Golden Boot', 'Kylian Mbappé', 'France', 0]],
    );
    const argentina = await teamPlacings(db, await teamNamed('Argentina'));
    assert.deepEqual(
      argentina.map((p) => [p.season_name, p.position]),
      [['2022', 1]],
    );
  });

  it('puts players, coaches, referees and venues in the change feed, each as its own route serves it', async () => {
    const api = await openApi(sample.storage);
    try {
      type Change = { type: string; id: string; record: { id: string } | null };
      const feed = await api.get<{ data: Change[] }>('/football/changes?limit=500');
      const count = (type: string) => feed.data.filter((c) => c.type === type).length;
      assert.deepEqual(['player', 'coach', 'referee', 'venue'].map(count), [9, 3, 1, 1]);
      const messi = feed.data.find((c) => c.id === playerId('P-1'))!;
      const own = await api.get<{ data: unknown }>(`/football/players/${messi.id}`);
      assert.deepEqual(messi.record, own.data);
      const referee = feed.data.find((c) => c.type === 'referee')!;
      const page = await api.get<{ data: Record<string, unknown> }>(`/football/referees/${referee.id}`);
      const resource = Object.fromEntries(
        Object.entries(page.data).filter(([key]) => key !== 'cards' && key !== 'matches'),
      );
      assert.deepEqual(referee.record, resource);
      const coach = feed.data.find((c) => c.id === coachId('M-1'))!;
      const coachPage = await api.get<{ data: Record<string, unknown> }>(`/football/coaches/${coach.id}`);
      const coachResource = Object.fromEntries(
        Object.entries(coachPage.data).filter(([key]) => key !== 'appointments' && key !== 'matches'),
      );
      assert.deepEqual(coach.record, coachResource);
    } finally {
      await api.close();
    }
  });
});
