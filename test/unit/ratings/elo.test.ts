// The Elo arithmetic of src/ratings/elo.ts against values worked by hand from the published formula
// (eloratings.net/about), with made-up rules where the numbers are easier to follow.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  expectedResult,
  marginMultiplier,
  playingOrder,
  startRatingAt,
  rateMatches,
  type EloMatch,
  type EloRules,
  type TeamState,
} from '../../../src/ratings/elo.js';
import { NATIONAL_RULES } from '../../../src/ratings/rating-rules.js';
import { seededRandom } from '../../support/seeded-random.js';

const RULES: EloRules = {
  startRatings: [{ from: '', rating: 1500 }],
  homeAdvantage: 100,
  scale: 400,
  marginMultipliers: [1, 1, 1.5, 1.75],
  beyondPerGoal: 0.125,
  predecessors: new Map(),
};

let n = 0;
const match = (
  home: string,
  away: string,
  homeGoals: number,
  awayGoals: number,
  more: Partial<EloMatch> = {},
): EloMatch => {
  n += 1;
  const day = String(n).padStart(2, '0');
  return {
    id: `m${day}`,
    startsAt: `2000-01-${day}T00:00:00Z`,
    date: `2000-01-${day}`,
    home,
    away,
    homeGoals,
    awayGoals,
    neutral: false,
    k: 20,
    ...more,
  };
};
const state = (rating: number, matches = 10): TeamState => ({
  rating,
  matches,
  lastPlayed: '1999-12-31T00:00:00Z',
});

describe('Elo arithmetic', () => {
  it('expects 0.5 at no difference, 10:1 at 400 points, and sums to 1 from both sides', () => {
    assert.equal(expectedResult(0, 400), 0.5);
    assert.ok(Math.abs(expectedResult(400, 400) - 10 / 11) < 1e-12);
    for (const d of [-250, -30, 0, 77, 600])
      assert.ok(Math.abs(expectedResult(d, 400) + expectedResult(-d, 400) - 1) < 1e-12);
  });

  it('multiplies K by 1, 1, 1.5, 1.75 and then 1/8 a goal, whichever side won', () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 7].map((g) => marginMultiplier(g, RULES)),
      [1, 1, 1.5, 1.75, 1.875, 2, 2.25],
    );
    assert.equal(marginMultiplier(-4, RULES), 1.875);
    // The published rules are these numbers (data/ratings/national-elo.json).
    assert.deepEqual(NATIONAL_RULES.elo.marginMultipliers, [1, 1, 1.5, 1.75]);
    assert.equal(NATIONAL_RULES.elo.beyondPerGoal, 0.125);
    assert.equal(NATIONAL_RULES.elo.homeAdvantage, 100);
  });

  it('rates a home win by two goals: K·1.5·(1 − We) with the home advantage in We', () => {
    const states = new Map([
      ['A', state(1600)],
      ['B', state(1600)],
    ]);
    const [home, away] = rateMatches([match('A', 'B', 2, 0, { k: 40 })], states, RULES);
    const we = 1 / (10 ** (-100 / 400) + 1); // 0.640…
    const change = 40 * 1.5 * (1 - we);
    assert.ok(Math.abs(home!.after - (1600 + change)) < 0.001, `${home!.after}`);
    assert.ok(Math.abs(away!.after - (1600 - change)) < 0.001);
    assert.equal(home!.before, 1600);
    assert.equal(home!.matches, 11);
    assert.equal(home!.opponentId, 'B');
  });

  it('gives no home advantage on neutral ground, and a draw (a shoot-out’s level score) moves the favourite down', () => {
    const states = new Map([
      ['A', state(1700)],
      ['B', state(1500)],
    ]);
    const [neutralHome] = rateMatches(
      [match('A', 'B', 1, 1, { neutral: true, k: 60 })],
      new Map(states),
      RULES,
    );
    const we = 1 / (10 ** (-200 / 400) + 1);
    assert.ok(Math.abs(neutralHome!.after - (1700 + 60 * (0.5 - we))) < 0.001);
    const [atHome] = rateMatches(
      [match('A', 'B', 1, 1, { k: 60 })],
      new Map([
        ['A', state(1700)],
        ['B', state(1500)],
      ]),
      RULES,
    );
    assert.ok(atHome!.after < neutralHome!.after, 'a home draw costs the favourite more');
  });

  it('starts new teams at the start rating and counts their matches from 1', () => {
    const [home, away] = rateMatches([match('New1', 'New2', 0, 0)], new Map(), RULES);
    assert.equal(home!.before, 1500);
    assert.equal(away!.before, 1500);
    // A home draw between equals: the home side was expected to score more than half.
    assert.ok(Math.abs(home!.after - (1500 + 20 * (0.5 - expectedResult(100, 400)))) < 0.001);
    assert.equal(away!.after, 3000 - home!.after);
    assert.equal(home!.matches, 1);
  });

  it('lets a successor continue its predecessor’s rating and count, once, even after early matches of its own', () => {
    const rules = { ...RULES, predecessors: new Map([['RUS', 'SUN']]) };
    const states = new Map<string, TeamState>([
      ['RUS', { rating: 1400, matches: 3, lastPlayed: '1914-01-01T00:00:00Z' }],
      ['SUN', { rating: 1900, matches: 400, lastPlayed: '1991-11-13T00:00:00Z' }],
    ]);
    const [first] = rateMatches(
      [match('RUS', 'X', 1, 1, { startsAt: '1992-08-16T00:00:00Z' })],
      states,
      rules,
    );
    assert.equal(first!.before, 1900);
    assert.equal(first!.matches, 404, 'the predecessor’s count and its own');
    const [second] = rateMatches(
      [match('RUS', 'X', 1, 1, { startsAt: '1992-09-16T00:00:00Z' })],
      states,
      rules,
    );
    assert.equal(second!.before, first!.after, 'taken once');
  });

  it('orders by kick-off then ID, and a pass resumed from any point’s state equals the whole pass', () => {
    const random = seededRandom(44);
    const teams = ['A', 'B', 'C', 'D', 'E'];
    const matches: EloMatch[] = [];
    for (let i = 0; i < 200; i++) {
      const h = teams[Math.floor(random() * 5)]!;
      const a = teams.filter((t) => t !== h)[Math.floor(random() * 4)]!;
      const day = new Date(Date.UTC(2000, 0, 1 + Math.floor(i / 2))).toISOString();
      matches.push({
        id: `m${String(i).padStart(3, '0')}`,
        startsAt: day,
        date: day.slice(0, 10),
        home: h,
        away: a,
        homeGoals: Math.floor(random() * 4),
        awayGoals: Math.floor(random() * 4),
        neutral: random() < 0.2,
        k: [20, 30, 40, 60][Math.floor(random() * 4)]!,
      });
    }
    const shuffled = [...matches].sort(() => random() - 0.5).sort(playingOrder);
    assert.deepEqual(
      shuffled.map((m) => m.id),
      matches.map((m) => m.id),
    );
    const whole = rateMatches(matches, new Map(), RULES);
    const cut = 120;
    const states = new Map<string, TeamState>();
    const head = rateMatches(matches.slice(0, cut), states, RULES);
    // The state as storage gives it back: each team's newest point.
    const resumed = new Map<string, TeamState>();
    for (const p of head)
      resumed.set(p.teamId, { rating: p.after, matches: p.matches, lastPlayed: p.startsAt });
    const tail = rateMatches(matches.slice(cut), resumed, RULES);
    assert.deepEqual([...head, ...tail], whole);
    // Zero-sum: the ratings still average the start.
    const finals = new Map(whole.map((p) => [p.teamId, p.after]));
    const mean = [...finals.values()].reduce((s, v) => s + v, 0) / finals.size;
    assert.ok(Math.abs(mean - 1500) < 0.01, `${mean}`);
  });
});

describe('start ratings', () => {
  it('start a team by the date of its first match: the pioneers at 1500, the later entrants lower', () => {
    const rules = {
      ...RULES,
      startRatings: [
        { from: '', rating: 1500 },
        { from: '1950-01-01', rating: 1200 },
      ],
    };
    assert.equal(startRatingAt(rules, '1872-11-30T00:00:00Z'), 1500);
    assert.equal(startRatingAt(rules, '1949-12-31T23:00:00Z'), 1500);
    assert.equal(startRatingAt(rules, '1950-01-01T00:00:00Z'), 1200);
    const [old] = rateMatches(
      [match('Old', 'Older', 0, 0, { startsAt: '1901-01-01T00:00:00Z' })],
      new Map(),
      rules,
    );
    const [young] = rateMatches(
      [match('Young', 'Younger', 0, 0, { startsAt: '1961-01-01T00:00:00Z' })],
      new Map(),
      rules,
    );
    assert.equal(old!.before, 1500);
    assert.equal(young!.before, 1200);
    // The published file: 300 points less for the later entrants.
    const [pioneers, later] = NATIONAL_RULES.elo.startRatings;
    assert.equal(later!.from, '1950-01-01');
    assert.equal(pioneers!.rating - later!.rating, 300);
  });
});
