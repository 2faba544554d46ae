// Rankings from the newest points (src/ratings/rankings.ts): order, shared ranks, the year's changes, and
// states their successor replaced left out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rankTeams, yearBefore, type StandingPoint } from '../../../src/ratings/rankings.js';

const point = (team: string, rating: number, date = '2020-06-01', matches = 40): StandingPoint => ({
  team_id: team,
  rating_after: rating * 1000,
  matches,
  date,
  name: team,
  country_code: null,
});
const options = { predecessors: new Map([['RUS', 'SUN']]), provisionalBelow: 30, keep: () => true };

describe('rankings', () => {
  it('ranks by rating, equal ratings sharing a rank, with the change since a year before', () => {
    const now = [point('B', 1800), point('A', 1900), point('C', 1800), point('D', 1700, '2020-06-01', 5)];
    const then = [point('A', 1850), point('D', 1810), point('B', 1700)];
    const list = rankTeams(now, then, options);
    assert.deepEqual(
      list.map((r) => [r.team.id, r.rank]),
      [
        ['A', 1],
        ['B', 2],
        ['C', 2],
        ['D', 4],
      ],
    );
    assert.equal(list[0]!.rating_change_year, 50);
    assert.equal(list[3]!.rank_change_year, -2, 'D was 2nd, is 4th');
    assert.equal(list[2]!.rating_change_year, null, 'C was not rated a year before');
    assert.equal(list[3]!.provisional, true);
  });

  it('leaves out a predecessor once its successor has played, and applies the filter before ranking', () => {
    const now = [point('SUN', 1900, '1991-11-13'), point('RUS', 1890, '1992-08-16'), point('X', 1500)];
    assert.deepEqual(
      rankTeams(now, [], options).map((r) => r.team.id),
      ['RUS', 'X'],
    );
    const before = [point('SUN', 1900, '1991-11-13'), point('RUS', 1400, '1914-07-01')];
    assert.deepEqual(
      rankTeams(before, [], options).map((r) => r.team.id),
      ['SUN', 'RUS'],
    );
    const filtered = rankTeams(now, [], { ...options, keep: (p) => p.team_id === 'X' });
    assert.deepEqual(
      filtered.map((r) => [r.team.id, r.rank]),
      [['X', 1]],
    );
  });

  it('takes the same day a year before, 29 February as the 28th', () => {
    assert.equal(yearBefore('2024-02-29'), '2023-02-28');
    assert.equal(yearBefore('2023-12-31'), '2022-12-31');
    assert.equal(yearBefore('2000-01-01'), '1999-01-01');
    assert.equal(yearBefore('0050-06-15'), '0049-06-15', 'not 1949');
  });
});
