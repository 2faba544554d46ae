import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  computeStandings,
  type ComputedRow,
  type SeasonInput,
  type SeasonMatch,
} from '../../../src/standings/compute-standings.js';
import type { TableRules, TableSplit, Tiebreaker } from '../../../src/standings/table-rules.js';

const rules = (tiebreakers: Tiebreaker[], pointsForWin = 3): TableRules => ({
  pointsForWin,
  pointsForDraw: 1,
  tiebreakers,
  reference: 'test',
});
const ENGLAND = rules(['goal_difference', 'goals_for', 'head_to_head_points']);
const SPAIN = rules(['head_to_head_points', 'head_to_head_goal_difference', 'goal_difference', 'goals_for']);

let day = 0;
/** "A 2-1 B" on the next day, in the league's single table unless a round is given. */
function played(spec: string, extra: Partial<SeasonMatch> = {}): SeasonMatch {
  const [home, score, away] = spec.split(' ');
  const [h, a] = score!.split('-').map(Number);
  day += 1;
  return {
    home: home!,
    away: away!,
    status: 'finished',
    homeGoals: h!,
    awayGoals: a!,
    stage: null,
    round: 'Matchday 1',
    startsAt: `2024-01-${String(day).padStart(2, '0')}T15:00:00Z`,
    ...extra,
  };
}

function table(matches: SeasonMatch[], tableRules: TableRules, more: Partial<SeasonInput> = {}) {
  const teams = [...new Set(matches.flatMap((m) => [m.home, m.away]))].sort();
  return computeStandings({
    matches,
    teamOrder: teams,
    league: true,
    rules: tableRules,
    points: [],
    awarded: [],
    ...more,
  });
}

const order = (rows: ComputedRow[]) => rows.map((r) => r.team).join(' ');
const row = (rows: ComputedRow[], team: string) => rows.find((r) => r.team === team)!;

test('3 points for a win, or 2 before the rule changed; a draw is 1 either way', () => {
  const matches = [played('A 1-0 B'), played('C 1-1 D'), played('B 0-0 C')];
  assert.equal(row(table(matches, ENGLAND).rows, 'A').points, 3);
  assert.equal(row(table(matches, rules(['goal_difference'], 2)).rows, 'A').points, 2);
  assert.equal(row(table(matches, ENGLAND).rows, 'C').points, 2);
  const a = row(table(matches, ENGLAND).rows, 'A');
  assert.deepEqual(
    [a.played, a.won, a.drawn, a.lost, a.goalsFor, a.goalsAgainst, a.goalDifference],
    [1, 1, 0, 0, 1, 0, 1],
  );
});

// A, B and D on 3 points: B beat A, D beat B, A has the best goal difference.
const LEVEL_THREE = () => [played('B 1-0 A'), played('A 5-0 C'), played('D 1-0 B')];

test('England: goal difference, then goals scored, before head-to-head', () => {
  assert.equal(order(table(LEVEL_THREE(), ENGLAND).rows), 'A D B C');
  // Same goal difference, more goals scored first.
  const goals = [played('A 3-2 C'), played('B 1-0 C'), played('A 0-1 B'), played('C 1-0 A')];
  assert.equal(row(table(goals, ENGLAND).rows, 'A').goalDifference, -1);
});

test('Spain: head-to-head before goal difference, applied again to the teams still level', () => {
  // Among A, B and D: B and D 3 points, A none; then between B and D alone, D beat B.
  assert.equal(order(table(LEVEL_THREE(), SPAIN).rows), 'D B A C');
});

test('head-to-head with three teams level: a mini-table of the matches between them', () => {
  // A, B and C all on 6 points. Among them: A beat B, B beat C, C beat A (3 each, all level), so the
  // mini-table's goal difference decides: A won 3-0, B won 1-0, C won 2-1.
  const matches = [
    played('A 3-0 B'),
    played('B 1-0 C'),
    played('C 2-1 A'),
    played('A 1-0 D'),
    played('B 1-0 D'),
    played('C 1-0 D'),
  ];
  const rows = table(matches, SPAIN).rows;
  assert.deepEqual(
    rows.map((r) => [r.team, r.points]),
    [
      ['A', 9 - 3],
      ['C', 6],
      ['B', 6],
      ['D', 0],
    ],
  );
});

test('away wins separate teams level on points, goals and wins where the rules say so', () => {
  // Z won away, B at home: level on everything else, Z first though B comes first by name.
  const matches = [played('C 0-1 Z'), played('B 1-0 D')];
  const criteria: Tiebreaker[] = ['goal_difference', 'goals_for', 'wins', 'away_wins'];
  assert.equal(order(table(matches, rules(criteria)).rows), 'Z B C D');
  assert.equal(order(table(matches, rules(criteria.slice(0, 3))).rows), 'B Z C D');
});

test('teams level on everything share an order by name, with distinct positions', () => {
  const rows = table([played('B 1-1 A')], ENGLAND).rows;
  assert.deepEqual(
    rows.map((r) => [r.position, r.team]),
    [
      [1, 'A'],
      [2, 'B'],
    ],
  );
});

test('a points deduction changes points and places, not the results', () => {
  const matches = [played('A 1-0 B'), played('B 2-0 C'), played('C 0-3 A')];
  const adjusted = table(matches, ENGLAND, {
    points: [
      {
        kind: 'points',
        competition: 'x',
        season: 'y',
        team: 'A',
        teamId: 'A',
        points: -6,
        reason: 'breach',
        reference: 'ref',
      },
    ],
  });
  assert.equal(row(adjusted.rows, 'A').points, 0);
  assert.equal(row(adjusted.rows, 'A').won, 2);
  assert.equal(order(adjusted.rows), 'B A C');
  assert.deepEqual(adjusted.applied, [{ team: 'A', points: -6, reason: 'breach', reference: 'ref' }]);
});

test('an awarded result counts with its awarded score, whatever was stored', () => {
  const abandoned = played('A 2-2 B', { status: 'canceled', homeGoals: null, awayGoals: null });
  const rows = table([abandoned], ENGLAND, {
    awarded: [
      {
        kind: 'awarded',
        competition: 'x',
        season: 'y',
        home: 'A',
        away: 'B',
        homeId: 'A',
        awayId: 'B',
        homeGoals: 0,
        awayGoals: 3,
        reason: 'forfeit',
        reference: 'ref',
      },
    ],
  }).rows;
  assert.equal(order(rows), 'B A');
  assert.equal(row(rows, 'B').points, 3);
});

test('a win awarded with the goals kept: won, drawn, lost and form follow the award, goals the stored score', () => {
  // Abandoned at 0-0 and given to B (Ligue 1 2016-17, Bastia v Lyon): a draw on the goals, a win for B.
  const abandoned = played('A 0-0 B');
  const award = {
    kind: 'awarded' as const,
    competition: 'x',
    season: 'y',
    home: 'A',
    away: 'B',
    homeId: 'A',
    awayId: 'B',
    winner: 'away' as const,
    reason: 'match lost by penalty',
    reference: 'ref',
  };
  const computed = table([abandoned, played('C 1-0 A')], ENGLAND, { awarded: [award] });
  const b = row(computed.rows, 'B');
  assert.deepEqual(
    [b.won, b.drawn, b.lost, b.goalsFor, b.goalsAgainst, b.points, b.form],
    [1, 0, 0, 0, 0, 3, 'W'],
  );
  const a = row(computed.rows, 'A');
  assert.deepEqual([a.won, a.drawn, a.lost, a.points, a.form], [0, 0, 2, 0, 'LL']);
  assert.deepEqual(computed.awards, [
    {
      home: 'A',
      away: 'B',
      date: abandoned.startsAt.slice(0, 10),
      stored: { home: 0, away: 0 },
      counted: { home: 0, away: 0 },
      winner: 'away',
      goals: 'as_played',
      reason: 'match lost by penalty',
      reference: 'ref',
    },
  ]);
  // Without a stored score there are no goals to keep: the match is not counted.
  const unscored = played('A 0-0 B', { homeGoals: null, awayGoals: null });
  const none = table([unscored], ENGLAND, { awarded: [award] });
  assert.deepEqual([row(none.rows, 'B').played, none.awards], [0, []]);
});

test('postponed, cancelled and unplayed matches are not counted; a team with none played has a row of zeros', () => {
  const rows = table(
    [
      played('A 1-0 B'),
      played('C 2-0 A', { status: 'postponed', homeGoals: null, awayGoals: null }),
      played('B 4-0 C', { status: 'canceled' }),
      played('D 0-0 A', { status: 'scheduled', homeGoals: null, awayGoals: null }),
    ],
    ENGLAND,
  ).rows;
  assert.deepEqual(
    rows.map((r) => [r.team, r.played, r.points]),
    [
      ['A', 1, 3],
      ['C', 0, 0],
      ['D', 0, 0],
      ['B', 1, 0],
    ],
  );
  assert.equal(row(rows, 'D').form, null);
});

test('a season in progress gives the table of the matches played so far; form is the last five, most recent last', () => {
  const matches = ['A 1-0 B', 'A 0-0 B', 'B 2-1 A', 'A 3-0 B', 'A 1-0 B', 'B 1-0 A', 'A 2-2 B'].map((m) =>
    played(m),
  );
  matches.push(played('A 9-0 B', { status: 'scheduled', homeGoals: null, awayGoals: null }));
  const a = row(table(matches, ENGLAND).rows, 'A');
  assert.equal(a.played, 7);
  assert.equal(a.form, 'LWWLD');
});

test('group stages give a table per group, knockout rounds none; a league that splits keeps its regular season', () => {
  const groups = table(
    [
      played('A 1-0 B', { stage: 'group stage', round: 'Group A' }),
      played('C 1-0 D', { stage: 'group stage', round: 'Group B' }),
      played('A 1-0 C', { stage: 'semi-finals', round: 'Semi-finals' }),
    ],
    ENGLAND,
    { league: false },
  ).rows;
  assert.deepEqual(
    groups.map((r) => [r.group, r.position, r.team]),
    [
      ['Group A', 1, 'A'],
      ['Group A', 2, 'B'],
      ['Group B', 1, 'C'],
      ['Group B', 2, 'D'],
    ],
  );
  const split = table(
    [played('A 1-0 B'), played('A 1-0 B', { round: 'Championship, Matchday 1' })],
    ENGLAND,
  ).rows;
  assert.deepEqual(
    split.map((r) => [r.group, r.team, r.played]),
    [
      ['Regular season', 'A', 1],
      ['Regular season', 'B', 1],
    ],
  );
  // A cup's "Round 1" is a knockout round.
  assert.deepEqual(table([played('A 1-0 B', { round: 'Round 1' })], ENGLAND, { league: false }).rows, []);
});

test('groups a source leaves unnamed are found from who played whom and numbered, not lettered', () => {
  const rows = table(
    [
      played('A 1-0 B', { round: 'Group, Matchday 1' }),
      played('C 1-0 D', { round: 'Group, Matchday 1' }),
      played('B 1-0 E', { round: 'Group, Matchday 2' }),
    ],
    ENGLAND,
    { league: false },
  ).rows;
  assert.deepEqual(
    rows.map((r) => [r.group, r.team]),
    [
      ['Unnamed group 1', 'A'],
      ['Unnamed group 1', 'B'],
      ['Unnamed group 1', 'E'],
      ['Unnamed group 2', 'C'],
      ['Unnamed group 2', 'D'],
    ],
  );
});

// Leagues that split after a first phase (TableSplit). Four clubs, one round each against every other,
// then two groups of two.
const split = (points: 'kept' | 'halved', levelFirst?: 'rounded_away'): TableRules => ({
  ...rules(['goal_difference', 'goals_for']),
  split: {
    rounds: 3,
    groups: [
      { label: 'Top', size: 2 },
      { label: 'Bottom', size: 2 },
    ],
    points,
    ...(levelFirst ? { levelFirst } : {}),
    reference: 'test',
  },
});
const top = (spec: string) => played(spec, { round: 'Championship, Matchday 4' });
const bottom = (spec: string) => played(spec, { round: 'Relegation, Matchday 4' });

// A 7, B 4, C 3, D 3 after the first phase (C above D on goal difference).
const FIRST_PHASE = () => [
  played('A 1-0 C'),
  played('A 1-0 D'),
  played('A 0-0 B'),
  played('B 1-0 C'),
  played('D 1-0 B'),
  played('C 2-0 D'),
];

test('split, points kept: a bottom-group club with more points stays below the top group', () => {
  const { rows, split: applied } = table(
    [...FIRST_PHASE(), top('A 0-0 B'), bottom('C 5-0 D'), bottom('D 0-3 C')],
    split('kept'),
  );
  assert.equal(order(rows), 'A B C D');
  assert.deepEqual(
    rows.map((r) => [r.position, r.group, r.points]),
    [
      [1, 'Top', 8],
      [2, 'Top', 5],
      [3, 'Bottom', 9],
      [4, 'Bottom', 3],
    ],
  );
  assert.equal(row(rows, 'C').played, 5);
  assert.equal(row(rows, 'C').goalsFor, 10);
  assert.equal(applied?.points, 'kept');
});

test('split: before it the table is an ordinary one; once the first phase is played the groups apply', () => {
  const before = table(FIRST_PHASE().slice(0, 4), split('kept'));
  assert.ok(before.rows.every((r) => r.group === null));
  assert.equal(before.split, null);
  const reached = table(FIRST_PHASE(), split('kept'));
  assert.deepEqual(
    reached.rows.map((r) => `${r.team} ${r.group}`),
    ['A Top', 'B Top', 'C Bottom', 'D Bottom'],
  );
  // Without split rules, a league whose data holds later phases keeps its first phase only.
  const plain = table([...FIRST_PHASE(), top('A 0-0 B')], rules(['goal_difference']));
  assert.ok(plain.rows.every((r) => r.group === 'Regular season' && r.played === 3));
});

test('split, points halved: rounded down, and a club whose half point was rounded away ranks first among those level', () => {
  // First phase: A 5 (goal difference +1), B 4 (+4), D 4 (0), C 3. Halved: A 2 (2.5), B 2, D 2, C 1 (1.5).
  const first = [
    played('A 0-0 B'),
    played('A 1-0 C'),
    played('A 0-0 D'),
    played('B 5-0 C'),
    played('D 1-0 B'),
    played('C 1-0 D'),
  ];
  const { rows } = table([...first, top('A 1-1 B'), bottom('D 0-1 C')], split('halved', 'rounded_away'));
  assert.deepEqual(
    rows.map((r) => [r.team, r.group, r.points]),
    [
      ['A', 'Top', 3],
      ['B', 'Top', 3],
      ['C', 'Bottom', 4],
      ['D', 'Bottom', 2],
    ],
  );
  // Without the rounded-away rule B's better goal difference would come first.
  assert.equal(order(table([...first, top('A 1-1 B'), bottom('D 0-1 C')], split('halved')).rows), 'B A C D');
});

test('split, points halved: adjustments count before the halving unless taken after it', () => {
  const matches = [...FIRST_PHASE(), top('A 0-0 B'), bottom('C 0-0 D')];
  const deduction = (afterSplit: boolean) => ({
    kind: 'points' as const,
    competition: 'x',
    season: 'y',
    team: 'A',
    teamId: 'A',
    points: -2,
    reason: 'test',
    reference: 'test',
    ...(afterSplit ? { afterSplit } : {}),
  });
  // A: 7 in the first phase. Before: (7 - 2) / 2 = 2, + 1. After: 7 / 2 = 3, + 1 - 2.
  assert.equal(row(table(matches, split('halved'), { points: [deduction(false)] }).rows, 'A').points, 3);
  assert.equal(row(table(matches, split('halved'), { points: [deduction(true)] }).rows, 'A').points, 2);
});

// Splits by other rules (Belgium, Czechia, Greece): halving rounded up, three groups, a group without
// a later phase, a group with its own points rule, and ties decided by the first phase's places.
const splitRules = (rule: Omit<TableSplit, 'rounds' | 'reference'>, rounds = 3): TableRules => ({
  ...rules(['goal_difference', 'goals_for']),
  split: { rounds, reference: 'test', ...rule },
});

test('split, halved and rounded up: a club whose points were rounded up ranks below one level with it, then the first phase’s places decide', () => {
  day = 0;
  // First phase: A 5 (rounded up to 3), B 4 (2), D 4 (2), C 3. Groups: Top A, B, D; Bottom C.
  const first = [
    played('A 0-0 B'),
    played('A 1-0 C'),
    played('A 0-0 D'),
    played('B 5-0 C'),
    played('D 1-0 B'),
    played('C 1-0 D'),
  ];
  // Later: B 3, D 3 then D 6, A 3: A (rounded up, 1st after the first phase) and B end level on 3.
  const later = [top('B 0-0 D'), top('A 0-2 D')];
  const belgium = {
    groups: [
      { label: 'Top', size: 3 },
      { label: 'Bottom', size: 1 },
    ],
    points: 'halved',
    rounding: 'up',
    levelLast: 'rounded_up',
    level: 'first_phase_position',
  } as const;
  const { rows, split: applied } = table([...first, ...later], splitRules(belgium));
  assert.deepEqual(
    rows.map((r) => [r.position, r.group, r.team, r.points]),
    [
      [1, 'Top', 'D', 6],
      [2, 'Top', 'B', 3],
      [3, 'Top', 'A', 3],
      [4, 'Bottom', 'C', 2],
    ],
  );
  assert.equal(applied?.rounding, 'up');
  // Without the rounded-up rule the first phase's places decide (A, 1st), not goal difference (B's +4).
  const { levelLast, ...placesOnly } = belgium;
  assert.equal(levelLast, 'rounded_up');
  assert.equal(order(table([...first, ...later], splitRules(placesOnly)).rows), 'D A B C');
  // With neither, the tiebreakers over the whole season: B's goal difference (+4) beats A's (-1).
  const { level, ...tiebreakers } = placesOnly;
  assert.equal(level, 'first_phase_position');
  assert.equal(order(table([...first, ...later], splitRules(tiebreakers)).rows), 'D B A C');
  // Rounded down (Austria's halving), A would carry 2, not 3.
  const { rounding, ...down } = tiebreakers;
  assert.equal(rounding, 'up');
  assert.equal(row(table([...first, ...later], splitRules(down)).rows, 'A').points, 2);
});

// Five clubs, one round each against every other: A 12, B 9, C 6, D 3, E 0.
const FIVE = () => {
  day = 0;
  return [
    played('A 1-0 B'),
    played('C 0-1 A'),
    played('A 2-0 D'),
    played('E 0-3 A'),
    played('B 1-0 C'),
    played('D 0-1 B'),
    played('B 2-1 E'),
    played('C 1-0 D'),
    played('E 0-2 C'),
    played('D 1-0 E'),
  ];
};
const THREE_GROUPS = splitRules(
  {
    groups: [
      { label: 'Championship', size: 2 },
      { label: 'Play-off', size: 1, later: false },
      { label: 'Relegation', size: 2 },
    ],
    points: 'kept',
  },
  4,
);

test('split into three groups: a group without a later phase keeps its first-phase points and place', () => {
  const matches = [
    ...FIVE(),
    top('B 2-0 A'),
    top('A 0-1 B'),
    // C's knockout against a club of another division: not in the table.
    played('C 0-3 X', { round: 'Europe, Matchday 1' }),
    bottom('E 1-0 D'),
    bottom('D 0-2 E'),
  ];
  const { rows, split: applied } = table(matches, THREE_GROUPS);
  assert.deepEqual(
    rows.map((r) => [r.position, r.group, r.team, r.points, r.played]),
    [
      [1, 'Championship', 'B', 15, 6],
      [2, 'Championship', 'A', 12, 6],
      [3, 'Play-off', 'C', 6, 4],
      [4, 'Relegation', 'E', 6, 6],
      [5, 'Relegation', 'D', 3, 6],
    ],
  );
  assert.equal(row(rows, 'C').goalsAgainst, 2);
  assert.equal(applied?.groups.length, 3);
  assert.ok(!rows.some((r) => r.team === 'X'));
});

test('split into three groups: before the first phase ends the table is an ordinary one', () => {
  const partial = table(FIVE().slice(0, 8), THREE_GROUPS);
  assert.equal(partial.split, null);
  assert.ok(partial.rows.every((r) => r.group === null));
  // Eight of the ten matches: D and E have no point yet, E above on goals scored.
  assert.equal(order(partial.rows), 'A B C E D');
  // Once every club has played its four first-phase matches, the groups apply, before any later match.
  const reached = table(FIVE(), THREE_GROUPS);
  assert.deepEqual(
    reached.rows.map((r) => `${r.team} ${r.group} ${r.points}`),
    ['A Championship 12', 'B Championship 9', 'C Play-off 6', 'D Relegation 3', 'E Relegation 0'],
  );
});

test('split: a group may carry its points by its own rule (Greece’s play-offs 5-8, Belgium’s relegation play-offs)', () => {
  // A 7, B 4, C 3, D 3 after the first phase; Top kept, Bottom halved and rounded up (C 2, D 2).
  const greece = splitRules({
    groups: [
      { label: 'Top', size: 2 },
      { label: 'Bottom', size: 2, points: 'halved' },
    ],
    points: 'kept',
    rounding: 'up',
  });
  const { rows } = table([...FIRST_PHASE(), top('A 0-0 B'), bottom('C 1-0 D')], greece);
  assert.deepEqual(
    rows.map((r) => [r.team, r.points]),
    [
      ['A', 8],
      ['B', 5],
      ['C', 5],
      ['D', 2],
    ],
  );
});

test('a season ended early and ranked by points per game: fewer points, more per game, ranks higher', () => {
  // A and E: one win each (3.0 a game, A ahead on goal difference); D: 4 points in 2 (2.0); B: 5 points
  // in 3 (1.67); C: 1 point in 5.
  const matches = [
    played('A 2-0 C'),
    played('B 1-0 C'),
    played('B 0-0 D'),
    played('C 0-0 B'),
    played('D 1-0 C'),
    played('E 1-0 C'),
  ];
  assert.equal(order(table(matches, ENGLAND).rows), 'B D A E C');
  const rows = table(matches, { ...ENGLAND, ranking: 'points_per_game' }).rows;
  assert.equal(order(rows), 'A E D B C');
  assert.deepEqual(
    rows.map((r) => [r.points, r.played]),
    [
      [3, 1],
      [3, 1],
      [4, 2],
      [5, 3],
      [1, 5],
    ],
    'the points shown stay points',
  );
});

test('points per game count adjustments: a deduction lowers the points divided', () => {
  // A: 6 points in 2 (3.0), 5 after its deduction (2.5); C: 3 in 1 (3.0); by points A would lead.
  const matches = [played('A 1-0 B'), played('A 1-0 D'), played('C 1-0 B')];
  const perGame: TableRules = { ...ENGLAND, ranking: 'points_per_game' };
  const deduction = {
    kind: 'points' as const,
    competition: 'x',
    season: '2019-20',
    reason: 'r',
    reference: 'r',
  };
  const points = [{ ...deduction, team: 'A', teamId: 'A', points: -1 }];
  assert.equal(order(table(matches, ENGLAND, { points }).rows), 'A C D B');
  const rows = table(matches, perGame, { points }).rows;
  assert.equal(order(rows), 'C A D B');
  assert.equal(row(rows, 'A').points, 5);
});
