import type { Tiebreaker } from './table-rules.js';

/** A counted result between two teams of one table. */
export interface Result {
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  /** The side given the result where it is not what the goals say (a win awarded, goals kept). */
  winner?: 'home' | 'away';
}

/** Who won a result: its awarded winner, else by the goals; `draw` when they are level. */
export function outcomeOf(r: Result): 'home' | 'away' | 'draw' {
  if (r.winner !== undefined) return r.winner;
  return r.homeGoals > r.awayGoals ? 'home' : r.homeGoals < r.awayGoals ? 'away' : 'draw';
}

/** What the criteria compare, for one team, over some results. */
export interface Tally {
  played: number;
  points: number;
  wins: number;
  draws: number;
  awayWins: number;
  goalsFor: number;
  goalsAgainst: number;
  awayGoalsFor: number;
}

export interface Points {
  win: number;
  draw: number;
  /**
   * Which of a result's two teams it counts for: both when absent; one side in a home or away table, a
   * team's last matches only in a form table (the other team's tally skips it).
   */
  credited?: (r: Result, team: string) => boolean;
}

const EMPTY: Readonly<Tally> = {
  played: 0,
  points: 0,
  wins: 0,
  draws: 0,
  awayWins: 0,
  goalsFor: 0,
  goalsAgainst: 0,
  awayGoalsFor: 0,
};

function tally(teams: readonly string[], results: readonly Result[], scoring: Points): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const team of teams) out.set(team, { ...EMPTY });
  // A result counts for each of its teams that is ranked here: a group after a split counts its clubs'
  // first-phase matches against the other groups' clubs too.
  const none: Tally = { ...EMPTY };
  const credited = scoring.credited ?? (() => true);
  for (const r of results) {
    const home = (credited(r, r.home) && out.get(r.home)) || none;
    const away = (credited(r, r.away) && out.get(r.away)) || none;
    home.played += 1;
    away.played += 1;
    home.goalsFor += r.homeGoals;
    home.goalsAgainst += r.awayGoals;
    away.goalsFor += r.awayGoals;
    away.goalsAgainst += r.homeGoals;
    away.awayGoalsFor += r.awayGoals;
    const outcome = outcomeOf(r);
    if (outcome === 'home') {
      home.points += scoring.win;
      home.wins += 1;
    } else if (outcome === 'away') {
      away.points += scoring.win;
      away.wins += 1;
      away.awayWins += 1;
    } else {
      home.points += scoring.draw;
      away.points += scoring.draw;
      home.draws += 1;
      away.draws += 1;
    }
  }
  return out;
}

/** No goal conceded ranks above any average; none scored either counts as nothing. */
function goalAverage(t: Tally): number {
  if (t.goalsAgainst === 0) return t.goalsFor > 0 ? Number.POSITIVE_INFINITY : 0;
  return t.goalsFor / t.goalsAgainst;
}

const points = (t: Tally) => t.points;
const goalDifference = (t: Tally) => t.goalsFor - t.goalsAgainst;
const goalsFor = (t: Tally) => t.goalsFor;
const awayGoalsFor = (t: Tally) => t.awayGoalsFor;

/** Each criterion: what it measures, and whether over the results between the teams level only. */
const CRITERIA: Record<Tiebreaker, { measure: (t: Tally) => number; headToHead: boolean }> = {
  goal_difference: { measure: goalDifference, headToHead: false },
  goals_for: { measure: goalsFor, headToHead: false },
  goal_average: { measure: goalAverage, headToHead: false },
  wins: { measure: (t) => t.wins, headToHead: false },
  away_wins: { measure: (t) => t.awayWins, headToHead: false },
  away_goals_for: { measure: awayGoalsFor, headToHead: false },
  head_to_head_points: { measure: points, headToHead: true },
  head_to_head_goal_difference: { measure: goalDifference, headToHead: true },
  head_to_head_goals_for: { measure: goalsFor, headToHead: true },
  head_to_head_away_goals: { measure: awayGoalsFor, headToHead: true },
};

const isHeadToHead = (criterion: Tiebreaker) => CRITERIA[criterion].headToHead;

/** Splits `teams` by `value`, highest first; teams with the same value stay together in their order. */
function partition(teams: readonly string[], value: (team: string) => number): string[][] {
  const sorted = [...teams].sort((a, b) => value(b) - value(a));
  const parts: string[][] = [];
  for (const team of sorted) {
    const last = parts.at(-1);
    if (last && value(last[0]!) === value(team)) last.push(team);
    else parts.push([team]);
  }
  return parts;
}

/**
 * Orders teams level on points by the competition's criteria, in order. A head-to-head criterion
 * compares the teams on the results between them only; once such a criterion separates some teams,
 * the head-to-head criteria are applied again, from the first, to each set still level (the UEFA and
 * FIFA wording). Teams level on everything keep `fallback` order (by name, the caller's).
 */
function resolve(
  level: readonly string[],
  criteria: readonly Tiebreaker[],
  from: number,
  results: readonly Result[],
  overall: Map<string, Tally>,
  scoring: Points,
): string[] {
  if (level.length <= 1 || from >= criteria.length) return [...level];
  const criterion = criteria[from]!;
  const { measure, headToHead } = CRITERIA[criterion];
  let over = overall;
  if (headToHead) {
    const among = new Set(level);
    over = tally(
      level,
      results.filter((r) => among.has(r.home) && among.has(r.away)),
      scoring,
    );
  }
  const parts = partition(level, (team) => measure(over.get(team)!));
  let blockStart = from;
  while (headToHead && blockStart > 0 && isHeadToHead(criteria[blockStart - 1]!)) blockStart -= 1;
  const next = parts.length > 1 && headToHead ? blockStart : from + 1;
  return parts.flatMap((part) => resolve(part, criteria, next, results, overall, scoring));
}

/** What ranks a table before its tiebreakers: points, or (a season ended early) points per game. */
/** What orders the tallies before the tiebreakers (a season ranked as it stood, or void, is ranked by points). */
export type Ranking = 'points' | 'points_per_game';

/**
 * Ranks `teams` (given in the order that breaks a complete tie) by points, adjusted by `bonus` (or by
 * those points per match played, where `ranking` says so), then by `first` (highest first; a rule of a
 * split season, before every criterion), then by `criteria`. Returns the teams in table order and each
 * one's tally over all results.
 */
export function rank(
  teams: readonly string[],
  results: readonly Result[],
  scoring: Points,
  criteria: readonly Tiebreaker[],
  bonus: ReadonlyMap<string, number> = new Map(),
  first?: (team: string) => number,
  ranking: Ranking = 'points',
): { order: string[]; tallies: Map<string, Tally> } {
  const tallies = tally(teams, results, scoring);
  const points = (team: string) => tallies.get(team)!.points + (bonus.get(team) ?? 0);
  // Equal fractions divide to the same double (division is correctly rounded), so teams level on
  // points per game land in one part for the tiebreakers. A team with no match played has none.
  const perGame = (team: string) => {
    const played = tallies.get(team)!.played;
    return played === 0 ? 0 : points(team) / played;
  };
  const total = ranking === 'points_per_game' ? perGame : points;
  const order = partition(teams, total)
    .flatMap((level) => (first === undefined ? [level] : partition(level, first)))
    .flatMap((level) => resolve(level, criteria, 0, results, tallies, scoring));
  return { order, tallies };
}
