// The international results adapter on small fixtures: matches, teams and their former names, goals,
// shoot-outs, rejected rows, the identical re-import, and one match with the World Cup sources.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { nationalTeam } from '../../../src/ingest/identity/national-teams.js';
import { stableId } from '../../../src/ingest/identity/stable-id.js';
import { tournamentMatchId, tournamentSeasonId } from '../../../src/ingest/identity/tournament-identity.js';
import type { RunSummary } from '../../../src/ingest/runner.js';
import { openApi, type Api } from '../../support/sources/api.js';
import { tempDir, writeWorldcupJson } from '../../support/sources/fixtures.js';
import { ingestOk, openTestStorage, type TestStorage } from '../../support/sources/storage.js';
import { tableDigests } from '../../support/sources/table-digest.js';
import { FORMER_NAMES, writeInternationalResults } from '../../support/international-results.js';

const SOURCE = 'martj42/international_results';
const team = (name: string) => nationalTeam(name, false)!.teamId;
const friendly = (year: string, date: string, a: string, b: string) =>
  tournamentMatchId('intl.friendly', year, date, team(a), team(b));
const worldCup = (date: string, a: string, b: string) =>
  tournamentMatchId('fifa.wc', date.slice(0, 4), date, team(a), team(b));

const RESULTS = [
  '1872-11-30,Scotland,England,0,0,Friendly,Glasgow,Scotland,FALSE',
  '1882-02-18,Northern Ireland,England,0,13,Friendly,Belfast,Ireland,FALSE',
  // Two matches on one day, home and away swapped (Buenos Aires and Montevideo).
  '1929-06-16,Argentina,Uruguay,2,0,Friendly,Buenos Aires,Argentina,FALSE',
  '1929-06-16,Uruguay,Argentina,1,1,Friendly,Montevideo,Uruguay,FALSE',
  '1966-07-16,Russia,North Korea,3,0,FIFA World Cup,Middlesbrough,England,TRUE',
  // The final with the sides the other way round from worldcup.json.
  '2022-12-18,France,Argentina,3,3,FIFA World Cup,Lusail,Qatar,TRUE',
  '2021-07-10,Argentina,Brazil,1,0,Copa América,Rio de Janeiro,Brazil,TRUE',
  '2024-05-01,Jersey,Guernsey,2,1,Muratti Vase,St Helier,Jersey,FALSE',
  '2025-06-01,Scotland,Wales,1,1,Grand Atlantis Cup,Glasgow,Scotland,FALSE',
  // Rejected: the same key again, a date that does not exist, a team no table knows, one team twice,
  // a score that is not a number, a neutral flag that is neither TRUE nor FALSE.
  '1872-11-30,Scotland,England,0,0,Friendly,Glasgow,Scotland,FALSE',
  '1873-02-30,England,Scotland,4,2,Friendly,London,England,FALSE',
  '1873-03-08,England,Atlantis,4,2,Friendly,London,England,FALSE',
  '1873-03-08,England,England,4,2,Friendly,London,England,FALSE',
  '1873-03-08,England,Scotland,four,2,Friendly,London,England,FALSE',
  '1873-03-08,England,Scotland,4,2,Friendly,London,England,maybe',
];

const GOALS = [
  '2022-12-18,France,Argentina,Argentina,Lionel Messi,23,FALSE,TRUE',
  '2022-12-18,France,Argentina,France,Kylian Mbappé,118,FALSE,TRUE',
  '2021-07-10,Argentina,Brazil,Argentina,Ángel Di María,22,FALSE,FALSE',
  '1929-06-16,Argentina,Uruguay,Argentina,Juan Evaristo,30,FALSE,FALSE',
  '1929-06-16,Argentina,Uruguay,Argentina,Pedro Petrone,61,TRUE,FALSE',
  '1966-07-16,Russia,North Korea,Russia,NA,NA,FALSE,FALSE',
  // Rejected: a team not in the match, a minute that is no minute, both flags, no such match.
  '1966-07-16,Russia,North Korea,Brazil,Pelé,10,FALSE,FALSE',
  '1966-07-16,Russia,North Korea,Russia,Someone,ten,FALSE,FALSE',
  '1966-07-16,Russia,North Korea,Russia,Someone,12,TRUE,TRUE',
  '1966-07-17,Russia,North Korea,Russia,Someone,12,FALSE,FALSE',
];

const SHOOTOUTS = [
  '2022-12-18,France,Argentina,Argentina,France',
  '2024-05-01,Jersey,Guernsey,Jersey,',
  // Rejected: a second shoot-out for the final, a winner who did not play, no such match.
  '2022-12-18,France,Argentina,France,Argentina',
  '1872-11-30,Scotland,England,Wales,',
  '2011-06-29,Saare County,Åland Islands,Åland Islands,',
];

/** The 2022 final as worldcup.json has it: Argentina first, a scorer list of its own. */
const WORLDCUP_FINAL = {
  round: 'Final',
  date: '2022-12-18',
  time: '18:00',
  team1: 'Argentina',
  team2: 'France',
  score: { p: [4, 2], et: [3, 3], ft: [2, 2], ht: [2, 0] },
  goals1: [{ name: 'Lionel Messi', minute: 23, penalty: true }],
  goals2: [{ name: 'Kylian Mbappé', minute: 118, penalty: true }],
  ground: 'Lusail Iconic Stadium, Lusail',
};

describe('international results ingestion (fixtures)', () => {
  const tmp = tempDir();
  let from: string;
  let storage: TestStorage;
  let api: Api;
  let first: RunSummary;

  before(async () => {
    from = writeInternationalResults(tmp.dir, {
      results: RESULTS,
      goalscorers: GOALS,
      shootouts: SHOOTOUTS,
      formerNames: FORMER_NAMES,
    });
    storage = await openTestStorage('international-results.db');
    first = await ingestOk(storage, 'international-results', from);
    api = await openApi(storage);
  });
  after(async () => {
    await api?.close();
    await storage?.close();
    tmp.cleanup();
  });

  const match = (id: string) =>
    storage.db.selectFrom('matches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('stores each match with its date only, its venue and neutral ground, under the tournament ID', async () => {
    const m = await match(friendly('1872', '1872-11-30', 'Scotland', 'England'));
    assert.deepEqual(
      {
        home: m.home_team_id,
        score: [m.home_score, m.away_score],
        ft: [m.ft_home, m.et_home, m.pen_home, m.shootout_winner],
        when: [m.starts_at, m.time_known, m.local_date],
        venue: [m.venue_name, m.venue_city, m.venue_country, m.neutral],
        status: m.status,
        source: m.source,
        season: m.season_id,
      },
      {
        home: team('Scotland'),
        score: [0, 0],
        ft: [null, null, null, null],
        when: ['1872-11-30T00:00:00Z', 0, '1872-11-30'],
        venue: [null, 'Glasgow', 'Scotland', 0],
        status: 'finished',
        source: SOURCE,
        season: tournamentSeasonId('intl.friendly', '1872'),
      },
    );
    const final = await match(worldCup('2022-12-18', 'Argentina', 'France'));
    assert.deepEqual([final.home_team_id, final.neutral, final.venue_city], [team('France'), 1, 'Lusail']);
  });

  it('keeps two matches of one day with the sides swapped apart, and rejects a repeated key', async () => {
    const shared = friendly('1929', '1929-06-16', 'Argentina', 'Uruguay');
    const [a, b] = [team('Argentina'), team('Uruguay')];
    const apart = (home: string, away: string) =>
      stableId('match', `intl.friendly:1929:1929-06-16:${home}>${away}`);
    const ids = await storage.db
      .selectFrom('matches')
      .select(['id', 'home_team_id', 'home_score', 'venue_city'])
      .where('local_date', '=', '1929-06-16')
      .orderBy('venue_city')
      .execute();
    const [first, second] = a < b ? [shared, apart(b, a)] : [apart(a, b), shared];
    assert.deepEqual(ids, [
      { id: first, home_team_id: a, home_score: 2, venue_city: 'Buenos Aires' },
      { id: second, home_team_id: b, home_score: 1, venue_city: 'Montevideo' },
    ]);
  });

  it('takes a former name as a team of its own only for a state that no longer exists', async () => {
    const soviet = await match(worldCup('1966-07-16', 'Soviet Union', 'North Korea'));
    assert.equal(soviet.home_team_id, team('Soviet Union'));
    const belfast = await match(friendly('1882', '1882-02-18', 'Northern Ireland', 'England'));
    assert.equal(belfast.home_team_id, team('Northern Ireland'));
    const aliases = await storage.db.selectFrom('team_aliases').select(['alias', 'team_id']).execute();
    const of = Object.fromEntries(aliases.map((x) => [x.alias, x.team_id]));
    assert.equal(of['Soviet Union'], team('Soviet Union'));
    assert.equal(of['Russia'], undefined, 'Russia is only met as the Soviet Union here');
    assert.equal(of['Ireland'], undefined);
    const jersey = await storage.db
      .selectFrom('teams')
      .select(['name', 'country_code'])
      .where('id', '=', team('Jersey'))
      .executeTakeFirstOrThrow();
    assert.deepEqual(jersey, { name: 'Jersey', country_code: 'JE' });
  });

  it('stores goals as timeline events: penalty, own goal, extra time and an unknown minute', async () => {
    const events = async (id: string) =>
      storage.db
        .selectFrom('match_events')
        .select(['type', 'period', 'minute', 'label', 'team_id', 'player_id', 'source_player_name'])
        .where('match_id', '=', id)
        .orderBy('sort_key')
        .execute();
    assert.deepEqual(await events(worldCup('2022-12-18', 'Argentina', 'France')), [
      {
        type: 'penalty_goal',
        period: 'first_half',
        minute: 23,
        label: "23'",
        team_id: team('Argentina'),
        player_id: null,
        source_player_name: 'Lionel Messi',
      },
      {
        type: 'penalty_goal',
        period: 'extra_time_second_half',
        minute: 118,
        label: "118'",
        team_id: team('France'),
        player_id: null,
        source_player_name: 'Kylian Mbappé',
      },
    ]);
    const [argentina, uruguay] = [team('Argentina'), team('Uruguay')];
    const buenosAires = await events(
      argentina < uruguay
        ? friendly('1929', '1929-06-16', 'Argentina', 'Uruguay')
        : stableId('match', `intl.friendly:1929:1929-06-16:${argentina}>${uruguay}`),
    );
    assert.deepEqual(
      buenosAires.map((e) => [e.type, e.minute, e.team_id, e.source_player_name]),
      [
        ['goal', 30, team('Argentina'), 'Juan Evaristo'],
        ['own_goal', 61, team('Argentina'), 'Pedro Petrone'],
      ],
    );
    assert.deepEqual(await events(worldCup('1966-07-16', 'Soviet Union', 'North Korea')), [
      {
        type: 'goal',
        period: null,
        minute: null,
        label: null,
        team_id: team('Soviet Union'),
        player_id: null,
        source_player_name: null,
      },
    ]);
  });

  it('puts shoot-out winners on the match as the side of its row', async () => {
    const final = await match(worldCup('2022-12-18', 'Argentina', 'France'));
    assert.deepEqual([final.shootout_winner, final.pen_home, final.pen_away], ['away', null, null]);
    const muratti = await match(
      tournamentMatchId('intl.muratti', '2024', '2024-05-01', team('Jersey'), team('Guernsey')),
    );
    assert.equal(muratti.shootout_winner, 'home');
  });

  it('rejects unusable rows with their file, row and reason, and keeps the rest', async () => {
    const rejections = await storage.db
      .selectFrom('ingestion_rejections')
      .select(['artifact_uri', 'record_ref', 'reason'])
      .where('run_id', '=', first.runId)
      .orderBy('seq')
      .execute();
    const lines = rejections.map((r) => `${r.artifact_uri.split('/').pop()} ${r.record_ref}: ${r.reason}`);
    assert.deepEqual(lines, [
      'results.csv row 11: date "1873-02-30" is not a date',
      'results.csv row 12: unknown national team "Atlantis" (not in src/ingest/identity/national-teams.ts or other-national-teams.ts)',
      'results.csv row 13: home and away are the same team ("England", "England")',
      'results.csv row 14: home_score "four" is not a whole number',
      'results.csv row 15: neutral is not TRUE or FALSE ("maybe")',
      'results.csv row 10: repeats row 1: the same date, home team and away team',
      'goalscorers.csv row 7: team "Brazil" did not play in the match (Russia v North Korea)',
      'goalscorers.csv row 8: minute "ten" is not a minute',
      'goalscorers.csv row 9: both own_goal and penalty',
      'goalscorers.csv row 10: no match 1966-07-17 Russia North Korea in results.csv (or rejected there)',
      'shootouts.csv row 3: a second shoot-out for the match of row 1',
      'shootouts.csv row 4: winner "Wales" did not play in the match (Scotland v England)',
      'shootouts.csv row 5: no match 2011-06-29 Saare County Åland Islands in results.csv (or rejected there)',
    ]);
    assert.equal(first.rejected, 13);
    assert.equal(first.inserted > 0, true);
  });

  it('makes a competition of its own for a tournament it does not know, and says so', async () => {
    const other = await storage.db
      .selectFrom('competitions')
      .select(['name', 'type', 'confederation'])
      .where('code', '=', 'intl.other.grand-atlantis-cup')
      .executeTakeFirstOrThrow();
    assert.deepEqual(other, { name: 'Grand Atlantis Cup', type: 'tournament', confederation: null });
    assert.ok(
      first.notes.some((n) => n.includes('"Grand Atlantis Cup" is not in')),
      first.notes.join('\n'),
    );
  });

  it('serves a match with its date only, its venue, and a goal by a scorer without a player record', async () => {
    const id = friendly('1872', '1872-11-30', 'Scotland', 'England');
    const { data } = await api.get<{ data: Record<string, unknown> }>(`/football/matches/${id}`);
    assert.equal(data.starts_at_precision, 'date');
    assert.deepEqual(data.venue, { name: null, city: 'Glasgow', country: 'Scotland', neutral: false });
    const copa = tournamentMatchId('conmebol.copa', '2021', '2021-07-10', team('Argentina'), team('Brazil'));
    const timeline = await api.get<{
      data: { events: Array<Record<string, unknown>>; attribution: unknown[] };
    }>(`/football/matches/${copa}/timeline`);
    assert.deepEqual(timeline.data.events[0]!.player, { id: null, name: 'Ángel Di María' });
    assert.deepEqual(
      timeline.data.attribution.map((a) => (a as { source: string; license: string }).license),
      ['CC0 1.0'],
    );
  });

  it('writes nothing on an identical re-import', async () => {
    const again = await ingestOk(storage, 'international-results', from);
    assert.deepEqual(
      [again.inserted, again.updated, again.rowsWritten, again.rejected],
      [0, 0, 0, first.rejected],
    );
    assert.equal(again.unchanged, first.inserted);
  });
});

describe('international results with worldcup.json, in either order', () => {
  const tmp = tempDir();
  let results: string;
  let worldcup: string;
  const opened: TestStorage[] = [];

  before(() => {
    results = writeInternationalResults(tmp.dir, {
      results: RESULTS,
      goalscorers: GOALS,
      shootouts: SHOOTOUTS,
    });
    worldcup = writeWorldcupJson(tmp.dir, '2022', [WORLDCUP_FINAL]);
  });
  after(async () => {
    for (const s of opened) await s.close();
    tmp.cleanup();
  });

  async function build(name: string, order: Array<'international-results' | 'worldcup-json'>) {
    const storage = await openTestStorage(name);
    opened.push(storage);
    for (const source of order) {
      await ingestOk(storage, source, source === 'worldcup-json' ? worldcup : results, {
        now: '2026-08-01T00:00:00Z',
      });
    }
    return storage;
  }

  it('is one match, written by worldcup.json, whichever source comes first', async () => {
    const a = await build('ir-first.db', ['international-results', 'worldcup-json']);
    const b = await build('wc-first.db', ['worldcup-json', 'international-results']);
    const id = worldCup('2022-12-18', 'Argentina', 'France');
    for (const storage of [a, b]) {
      const final = await storage.db
        .selectFrom('matches')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        [final.source, final.home_team_id, final.pen_home, final.pen_away, final.shootout_winner],
        ['openfootball/worldcup.json', team('Argentina'), 4, 2, 'home'],
      );
      const sources = await storage.db
        .selectFrom('match_sources')
        .select('source')
        .where('match_id', '=', id)
        .execute();
      assert.deepEqual(sources.map((s) => s.source).sort(), [SOURCE, 'openfootball/worldcup.json']);
    }
    const [x, y] = [await tableDigests(a.db), await tableDigests(b.db)];
    for (const table of Object.keys(x)) assert.equal(x[table]!.sha256, y[table]!.sha256, `${table} differs`);
  });

  it('links a named scorer to the player worldcup.json keeps for that team and name', async () => {
    const storage = opened[0]!;
    const copa = tournamentMatchId('conmebol.copa', '2021', '2021-07-10', team('Argentina'), team('Brazil'));
    const linked = await storage.db
      .selectFrom('match_events')
      .innerJoin('players', 'players.id', 'match_events.linked_player_id')
      .select(['match_events.match_id', 'players.name', 'players.source'])
      .where('match_events.source', '=', SOURCE)
      .orderBy('players.name')
      .execute();
    // Messi and Mbappé scored in worldcup.json's final; Di María did not there, so his Copa goal stays a name.
    assert.deepEqual(
      linked.map((l) => [l.name, l.source]),
      [
        ['Kylian Mbappé', 'openfootball/worldcup.json'],
        ['Lionel Messi', 'openfootball/worldcup.json'],
      ],
    );
    assert.ok(linked.every((l) => l.match_id !== copa));
  });
});
