/**
 * Scoring the predictions over finished matches: each match's probabilities as the prediction route gives
 * them (from each side's newest point kicking off strictly before it), its Brier score (the sum over home
 * win, draw and away win of (p − o)², 0 best, 2 worst) and log loss (−ln p of what happened), against the
 * base rates: the home, draw and away frequencies of the matches scored, a forecast that knows the mix of
 * results but nothing of the teams. Also the samples the outcome model is fitted on.
 */
import { ratingDifference, startRatingAt } from './elo.js';
import { outcomeProbabilities, type FitSample, type Outcome, type Probabilities } from './outcome-model.js';
import type { RatingRules } from './rating-rules.js';

/** A finished, rated match with what the evaluation groups it by. */
export interface ScoredMatch {
  id: string;
  startsAt: string;
  date: string;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  neutral: boolean;
  /** The competition class (national: its importance class; club: league or cup). */
  kind: string;
}

/** A stored point as the evaluation reads it. */
export interface PointAfter {
  team_id: string;
  starts_at: string;
  matches: number;
  /** Thousandths of a point. */
  rating_after: number;
}

export interface Forecast {
  match: ScoredMatch;
  difference: number;
  outcome: Outcome;
}

const outcomeOf = (m: ScoredMatch): Outcome =>
  m.homeGoals > m.awayGoals ? 'home' : m.homeGoals < m.awayGoals ? 'away' : 'draw';

/**
 * Each match's rating difference before kick-off (home advantage included), from `points` alone: the
 * newest point of each side kicking off strictly before the match, a new team's start where none.
 */
export function forecasts(
  matches: readonly ScoredMatch[],
  points: readonly PointAfter[],
  rules: RatingRules,
): Forecast[] {
  const byTeam = new Map<string, PointAfter[]>();
  for (const p of points) {
    const list = byTeam.get(p.team_id) ?? [];
    list.push(p);
    byTeam.set(p.team_id, list);
  }
  for (const list of byTeam.values()) {
    list.sort((a, b) =>
      a.starts_at < b.starts_at ? -1 : a.starts_at > b.starts_at ? 1 : a.matches - b.matches,
    );
  }
  const before = (team: string, at: string) => {
    const list = byTeam.get(team);
    if (!list) return startRatingAt(rules.elo, at);
    // The last point kicking off before `at`: binary search on the sorted kick-offs.
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.starts_at < at) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? startRatingAt(rules.elo, at) : Number(list[lo - 1]!.rating_after) / 1000;
  };
  return matches.map((m) => ({
    match: m,
    difference: ratingDifference(
      before(m.home, m.startsAt),
      before(m.away, m.startsAt),
      m.neutral,
      rules.elo.homeAdvantage,
    ),
    outcome: outcomeOf(m),
  }));
}

export const fitSamples = (list: readonly Forecast[]): FitSample[] =>
  list.map((f) => ({ difference: f.difference, outcome: f.outcome }));

const pick = (p: Probabilities, o: Outcome) =>
  o === 'home' ? p.home_win : o === 'draw' ? p.draw : p.away_win;
const brier = (p: Probabilities, o: Outcome) =>
  (p.home_win - (o === 'home' ? 1 : 0)) ** 2 +
  (p.draw - (o === 'draw' ? 1 : 0)) ** 2 +
  (p.away_win - (o === 'away' ? 1 : 0)) ** 2;
const logLoss = (p: Probabilities, o: Outcome) => -Math.log(Math.max(pick(p, o), 1e-15));

export interface Score {
  group: string;
  matches: number;
  brier: number;
  baseBrier: number;
  logLoss: number;
  baseLogLoss: number;
  /** 1 − brier / baseBrier: the share of the base rates' Brier score the ratings remove. */
  brierSkill: number;
}

/** The scores of one group of forecasts. */
export function scoreOf(group: string, list: readonly Forecast[], rules: RatingRules): Score {
  const n = list.length;
  const counts = { home: 0, draw: 0, away: 0 };
  for (const f of list) counts[f.outcome] += 1;
  const base: Probabilities = { home_win: counts.home / n, draw: counts.draw / n, away_win: counts.away / n };
  let b = 0;
  let bb = 0;
  let l = 0;
  let bl = 0;
  for (const f of list) {
    const p = outcomeProbabilities(f.difference, rules.outcome, rules.elo.scale);
    b += brier(p, f.outcome);
    bb += brier(base, f.outcome);
    l += logLoss(p, f.outcome);
    bl += logLoss(base, f.outcome);
  }
  return {
    group,
    matches: n,
    brier: b / n,
    baseBrier: bb / n,
    logLoss: l / n,
    baseLogLoss: bl / n,
    brierSkill: 1 - b / bb,
  };
}

/**
 * Scores overall, since 2000 (clubs: since their ratings are meaningful), by decade and by competition
 * class; groups of fewer than 30 matches are left out.
 */
export function evaluate(list: readonly Forecast[], rules: RatingRules): Score[] {
  const since = rules.meaningfulFrom ?? '2000-01-01';
  const recent = `since ${since}`;
  const groups = new Map<string, Forecast[]>();
  const add = (key: string, f: Forecast) => {
    const g = groups.get(key) ?? [];
    g.push(f);
    groups.set(key, g);
  };
  for (const f of list) {
    add('all', f);
    if (f.match.date >= since) add(recent, f);
    add(`${f.match.date.slice(0, 3)}0s`, f);
    add(`class: ${f.match.kind}`, f);
    if (f.match.date >= since) add(`${recent}, class: ${f.match.kind}`, f);
  }
  const order = (k: string) => (k === 'all' ? '0' : k === recent ? '1' : /^\d/.test(k) ? `2${k}` : `3${k}`);
  return [...groups]
    .filter(([, g]) => g.length >= 30)
    .sort(([a], [b]) => (order(a) < order(b) ? -1 : 1))
    .map(([key, g]) => scoreOf(key, g, rules));
}
