import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  computeStandings,
  type ComputedRow,
  type SeasonInput,
  type SeasonMatch,
} from '../../../src/standings/compute-standings.js';
import type { TableRules, Tiebreaker } from '../../../src/standings/table-rules.js';

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
