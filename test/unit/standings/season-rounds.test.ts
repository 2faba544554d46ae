// The rounds of a season: played order by median kick-off (a rescheduled match does not move its round),
// days, counts by status, and the one current round as the days pass.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { roundOrder, seasonRounds, type RoundMatch } from '../../../src/standings/season-rounds.js';

const m = (round: string | null, day: string, status = 'finished'): RoundMatch => ({
  round,
  status,
  startsAt: `${day}T15:00:00Z`,
});

// Matchday 2 has a match moved to October, Matchday 3 one brought forward to the first week.
const LEAGUE = [
  m('Matchday 1', '2023-08-12'),
  m('Matchday 1', '2023-08-13'),
  m('Matchday 2', '2023-08-19'),
  m('Matchday 2', '2023-10-25', 'scheduled'),
  m('Matchday 2', '2023-08-20'),
  m('Matchday 3', '2023-08-14'),
  m('Matchday 3', '2023-08-26', 'scheduled'),
  m('Matchday 3', '2023-08-27', 'scheduled'),
  m(null, '2023-08-15'),
];

test('rounds in the order they are played: by median kick-off, not by earliest or latest', () => {
  assert.deepEqual(roundOrder(LEAGUE), ['Matchday 1', 'Matchday 2', 'Matchday 3']);
  // Most of Matchday 29 moved after Matchday 31: a numbered round keeps its number's place.
  const moved = [
    m('Matchday 28', '2024-03-09'),
    m('Matchday 29', '2024-03-16'),
    m('Matchday 29', '2024-04-24'),
    m('Matchday 29', '2024-04-25'),
    m('Matchday 30', '2024-03-30'),
    m('Matchday 31', '2024-04-03'),
    m('Cup final', '2024-05-01'),
  ];
  assert.deepEqual(roundOrder(moved), [
    'Matchday 28',
    'Matchday 29',
    'Matchday 30',
    'Matchday 31',
    'Cup final',
  ]);
  const cup = [
    m('Final', '2022-12-18'),
    m('Match for third place', '2022-12-17'),
    m('Semi-finals', '2022-12-13'),
    m('Semi-finals', '2022-12-14'),
    m('Group A', '2022-11-20'),
    m('Group A', '2022-11-29'),
    m('Round of 16', '2022-12-03'),
  ];
  assert.deepEqual(roundOrder(cup), [
    'Group A',
    'Round of 16',
    'Semi-finals',
    'Match for third place',
    'Final',
  ]);
});

test('each round’s days and counts by status, every status listed', () => {
  const [, second] = seasonRounds(LEAGUE, '2023-09-01');
  assert.deepEqual(
    { ...second, is_current: undefined },
    {
      name: 'Matchday 2',
      order: 2,
      first_day: '2023-08-19',
      last_day: '2023-10-25',
      matches: { scheduled: 1, live: 0, finished: 2, postponed: 0, canceled: 0, unknown: 0, total: 3 },
      is_current: undefined,
    },
  );
});

test('one current round: the first whose core has not ended, a live match’s, or the last', () => {
  const current = (matches: RoundMatch[], today: string) =>
    seasonRounds(matches, today)
      .filter((r) => r.is_current)
      .map((r) => r.name);
  assert.deepEqual(current(LEAGUE, '2023-07-01'), ['Matchday 1'], 'before the season: the first');
  assert.deepEqual(current(LEAGUE, '2023-08-13'), ['Matchday 1']);
  assert.deepEqual(current(LEAGUE, '2023-08-14'), ['Matchday 2'], 'the day after its core');
  // Matchday 2's match of 25 October is outside its core: the round does not stay current for it.
  assert.deepEqual(current(LEAGUE, '2023-08-21'), ['Matchday 3']);
  assert.deepEqual(current(LEAGUE, '2023-12-01'), ['Matchday 3'], 'all over: the last');
  const live = LEAGUE.map((x) => (x.startsAt.startsWith('2023-08-19') ? { ...x, status: 'live' } : x));
  assert.deepEqual(current(live, '2023-12-01'), ['Matchday 2'], 'a live match’s round');
  assert.deepEqual(seasonRounds([m(null, '2023-08-01')], '2023-08-01'), []);
});
