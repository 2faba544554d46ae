// Acceptance 2 (World Cup): with every source ingested, the API shows the 2022 final once, with one
// source's timeline (no goal twice, though worldcup.json has the goals too), both elevens, player minutes;
// Argentina's squads; the 1930 Group 1 table as published, with the Fjelstul attribution.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  competitionId,
  openRealData,
  publishedGroup,
  seasonId,
  type RealData,
} from '../../support/sources/real-data.js';
import { needsSharedData, SHARED_AVAILABLE } from '../../support/shared-data.js';

type Ref = { id: string; name: string } | null;
interface MatchBody {
  id: string;
  home_team: { id: string; name: string; score: number };
  away_team: { id: string; name: string; score: number };
}
interface Event {
  type: string;
  period: string;
  label: string | null;
  team: Ref;
  player: Ref;
  detail: string | null;
}
type Attribution = { source: string; notice: string; license: string; license_url: string };
type Players = { player: Ref; minutes_played: number; statistics: { goals: number } };

describe('sources: the World Cup through the API', () => {
  let real: RealData;
  let final: MatchBody;

  before(async () => {
    if (!SHARED_AVAILABLE) return;
    real = await openRealData('world-cup-api.db');
    const wc = await competitionId(real.storage, 'fifa.wc');
    const found = await real.api.get<{ data: MatchBody[] }>(
      `/football/matches?competition_id=${wc}&date_from=2022-12-18&date_to=2022-12-18`,
    );
    assert.equal(found.data.length, 1, 'one match on the day of the final');
    final = found.data[0]!;
  });
  after(() => real?.close());

  it('has the 2022 final once, Argentina 3-3 France, known to both World Cup sources and the results', async (t) => {
    if (!needsSharedData(t)) return;
    assert.deepEqual(
      [final.home_team.name, final.home_team.score, final.away_team.name, final.away_team.score],
      ['Argentina', 3, 'France', 3],
    );
    const provenance = await real.storage.db
      .selectFrom('match_sources')
      .select('source')
      .where('match_id', '=', final.id)
      .orderBy('source')
      .execute();
    assert.deepEqual(
      provenance.map((p) => p.source),
      ['fjelstul/worldcup', 'martj42/international_results', 'openfootball/worldcup.json'],
    );
  });

  it('shows one source timeline: six goals at their minutes, then the shoot-out kicks', async (t) => {
    if (!needsSharedData(t)) return;
    const stored = await real.storage.db
      .selectFrom('match_events')
      .select('source')
      .where('match_id', '=', final.id)
      .where('source', '=', 'openfootball/worldcup.json')
      .execute();
    assert.equal(stored.length, 6, 'worldcup.json has its own six goal events stored');
    const body = await real.api.get<{
      data: { coverage: object; attribution: Attribution[]; events: Event[] };
    }>(`/football/matches/${final.id}/timeline`);
    assert.deepEqual(body.data.coverage, { timeline_available: true });
    assert.deepEqual(
      body.data.attribution.map((a) => a.source),
      ['fjelstul/worldcup'],
    );
    const goals = body.data.events.filter((e) => e.type.endsWith('goal'));
    assert.deepEqual(
      goals.map((e) => `${e.label} ${e.type} ${e.player?.name} (${e.team?.name})`),
      [
        "23' penalty_goal Lionel Messi (Argentina)",
        "36' goal Ángel Di María (Argentina)",
        "80' penalty_goal Kylian Mbappé (France)",
        "81' goal Kylian Mbappé (France)",
        "108' goal Lionel Messi (Argentina)",
        "118' penalty_goal Kylian Mbappé (France)",
      ],
    );
    const kicks = body.data.events.filter((e) => e.type === 'shootout_kick');
    assert.deepEqual(
      kicks.map((e) => `${e.team?.name} ${e.detail}`),
      [
        'Argentina scored',
        'France scored',
        'Argentina scored',
        'France missed',
        'Argentina scored',
        'France missed',
        'Argentina scored',
        'France scored',
      ],
    );
    assert.ok(kicks.every((e) => e.period === 'penalty_shootout' && e.label === null));
    assert.deepEqual(body.data.events.slice(-kicks.length), kicks, 'the kicks come last');
  });

  it('lists both starting elevens, and minutes and goals per player', async (t) => {
    if (!needsSharedData(t)) return;
    type Side = { team: Ref; coach: { name: string } | null; starting: unknown[]; bench: unknown[] };
    const lineups = await real.api.get<{ data: { coverage: object; teams: Side[] } }>(
      `/football/matches/${final.id}/lineups`,
    );
    assert.deepEqual(lineups.data.coverage, { lineups_available: true });
    assert.deepEqual(
      lineups.data.teams.map((s) => [s.team?.name, s.starting.length, s.coach?.name]),
      [
        ['Argentina', 11, 'Lionel Scaloni'],
        ['France', 11, 'Didier Deschamps'],
      ],
    );
    const stats = await real.api.get<{ data: { coverage: object; teams: Array<{ players: Players[] }> } }>(
      `/football/matches/${final.id}/player-stats`,
    );
    assert.deepEqual(stats.data.coverage, { player_statistics_available: true });
    const all = stats.data.teams.flatMap((s) => s.players);
    const of = (name: string) => all.find((p) => p.player?.name === name);
    assert.deepEqual([of('Lionel Messi')?.minutes_played, of('Lionel Messi')?.statistics.goals], [120, 2]);
    assert.deepEqual([of('Kylian Mbappé')?.minutes_played, of('Kylian Mbappé')?.statistics.goals], [120, 3]);
    assert.equal(of('Ángel Di María')?.minutes_played, 64);
    assert.ok(all.every((p) => Number.isInteger(p.minutes_played) && p.minutes_played >= 0));
    const goals = stats.data.teams.map((s) => s.players.reduce((n, p) => n + p.statistics.goals, 0));
    assert.deepEqual(goals, [3, 3], 'shoot-out kicks are not goals');
  });

  it("serves Argentina's latest squad in storage (2026); its 2022 squad of 26 is stored", async (t) => {
    if (!needsSharedData(t)) return;
    const argentina = final.home_team.id;
    const latest = await real.storage.db
      .selectFrom('squad_members')
      .innerJoin('seasons', 'seasons.id', 'squad_members.season_id')
      .select('seasons.key')
      .where('team_id', '=', argentina)
      .orderBy('seasons.key', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(latest.key, '2026');
    const squad = await real.api.get<{ data: Array<{ season: { name: string } }>; meta: { count: number } }>(
      `/football/teams/${argentina}/players`,
    );
    assert.equal(squad.meta.count, 26);
    assert.ok(squad.data.every((p) => p.season.name === '2026'));
    const of2022 = await real.storage.db
      .selectFrom('squad_members')
      .select(['source'])
      .where('team_id', '=', argentina)
      .where('season_id', '=', await seasonId(real.storage, 'fifa.wc', '2022'))
      .execute();
    assert.equal(of2022.length, 26);
    assert.ok(of2022.every((r) => r.source === 'fjelstul/worldcup'));
  });

  it('gives the 1930 Group 1 table as published, with the CC-BY-SA attribution', async (t) => {
    if (!needsSharedData(t)) return;
    const wc = await competitionId(real.storage, 'fifa.wc');
    const season = await seasonId(real.storage, 'fifa.wc', '1930');
    type Row = { group: string; position: number; team: Ref; played: number; points: number } & Record<
      string,
      unknown
    >;
    const body = await real.api.get<{ data: { coverage: object; attribution: Attribution[]; rows: Row[] } }>(
      `/football/competitions/${wc}/seasons/${season}/standings`,
    );
    assert.deepEqual(body.data.coverage, { standings_available: true });
    const [notice] = body.data.attribution;
    assert.equal(body.data.attribution.length, 1);
    assert.equal(notice?.license, 'CC-BY-SA 4.0');
    assert.match(notice?.notice ?? '', /Joshua C\. Fjelstul/);
    assert.equal(notice?.license_url, 'https://creativecommons.org/licenses/by-sa/4.0/');

    const published = publishedGroup('WC-1930', 'Group 1');
    const served = body.data.rows
      .filter((r) => r.group === 'Group 1')
      .map((r) =>
        [
          r.position,
          r.team?.name,
          r.played,
          r.won,
          r.drawn,
          r.lost,
          r.goals_for,
          r.goals_against,
          r.points,
        ].map(String),
      );
    assert.deepEqual(served, published);
    assert.deepEqual(served[0], ['1', 'Argentina', '3', '3', '0', '0', '10', '4', '6']);
  });
});

describe('sources: head-to-head records on every source', () => {
  let real: RealData;
  before(async () => {
    if (!SHARED_AVAILABLE) return;
    real = await openRealData('head-to-head.db');
  });
  after(() => real?.close());

  it('counts what a recount of the pairing’s matches gives, shoot-outs and either side', async (t) => {
    if (!needsSharedData(t)) return;
    const columns = [
      'home_team_id',
      'away_team_id',
      'status',
      'home_score',
      'away_score',
      'shootout_winner',
    ] as const;
    // Pairings that went to penalties, and the busiest ones: draws, shoot-outs and long records.
    const shootouts = await real.storage.db
      .selectFrom('matches')
      .select(columns)
      .where('shootout_winner', 'is not', null)
      .orderBy('starts_at')
      .limit(25)
      .execute();
    assert.ok(shootouts.length === 25, 'the data has shoot-outs');
    for (const { home_team_id: a, away_team_id: b } of shootouts) {
      const all = await real.storage.db
        .selectFrom('matches')
        .select(columns)
        .where((eb) =>
          eb.or([
            eb.and([eb('home_team_id', '=', a), eb('away_team_id', '=', b)]),
            eb.and([eb('home_team_id', '=', b), eb('away_team_id', '=', a)]),
          ]),
        )
        .execute();
      for (const [team, opponent] of [
        [a, b],
        [b, a],
      ]) {
        const expected = {
          team_id: team,
          opponent_id: opponent,
          played: 0,
          wins: 0,
          draws: 0,
          losses: 0,
          goals_for: 0,
          goals_against: 0,
          shootout_wins: 0,
          shootout_losses: 0,
        };
        for (const row of all) {
          if (row.status !== 'finished' || row.home_score === null || row.away_score === null) continue;
          const home = row.home_team_id === team;
          const scored = home ? row.home_score : row.away_score;
          const conceded = home ? row.away_score : row.home_score;
          expected.played += 1;
          expected.goals_for += scored;
          expected.goals_against += conceded;
          if (scored > conceded) expected.wins += 1;
          else if (scored < conceded) expected.losses += 1;
          else {
            expected.draws += 1;
            if (row.shootout_winner === (home ? 'home' : 'away')) expected.shootout_wins += 1;
            else if (row.shootout_winner) expected.shootout_losses += 1;
          }
        }
        const page = await real.api.get<{ meta: { head_to_head: unknown } }>(
          `/football/matches?team_id=${team}&opponent_id=${opponent}&limit=1`,
        );
        assert.deepEqual(page.meta.head_to_head, expected, `${team} v ${opponent}`);
      }
    }
  });
});
