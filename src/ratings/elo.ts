/**
 * The Elo pass: pure arithmetic over matches in playing order, the rules injected (rating-rules.ts reads
 * them from data/ratings/). It follows the World Football Elo Ratings' published formula
 * (eloratings.net/about): Rn = Ro + K·G·(W − We), We = 1 / (10^(−dr/400) + 1), dr the rating difference
 * with the home side's advantage added unless the ground is neutral, K by the match's importance, G by
 * the margin, W 1/0.5/0 (a shoot-out is a draw: the score after extra time is level). The same pass
 * serves clubs with their own rules.
 */

/** One rated match, in the order the pass takes them (kick-off, ID). */
export interface EloMatch {
  id: string;
  startsAt: string;
  date: string;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  /** True on neutral ground: no home advantage. */
  neutral: boolean;
  /** The weight of the match's importance (K before the margin multiplier). */
  k: number;
}

/** A team's rating after its latest rated match, and how many rated matches it has played. */
export interface TeamState {
  rating: number;
  matches: number;
  /** The kick-off of its latest rated match; '' before any. */
  lastPlayed: string;
}

/** What the pass needs to know besides the matches. */
export interface EloRules {
  /** A new team's first rating: the last entry whose `from` is not after its first kick-off. */
  startRatings: ReadonlyArray<{ from: string; rating: number }>;
  homeAdvantage: number;
  /** 400 in both published systems: a difference of 400 points is a 10:1 expectation. */
  scale: number;
  /** G by margin: index 0 and 1 are 1; beyond the table, the last value plus `beyondPerGoal` a goal. */
  marginMultipliers: readonly number[];
  beyondPerGoal: number;
  /**
   * Successor states (team -> predecessor): a team whose predecessor played after it last did (or that
   * never played) continues the predecessor's rating and count at its next match.
   */
  predecessors: ReadonlyMap<string, string>;
}

/** A team's rating before and after one match: the row stored per team and match. */
export interface RatingPoint {
  matchId: string;
  teamId: string;
  opponentId: string;
  startsAt: string;
  date: string;
  before: number;
  after: number;
  /** The team's rated matches so far, this one included (a predecessor's counted too). */
  matches: number;
}

/** Ratings are kept to 1/1000 of a point, in memory as in storage, so a pass resumed from stored rows equals one from the start. */
export const roundRating = (value: number): number => Math.round(value * 1000) / 1000;

/** The expected result of the side `difference` points stronger (home advantage included). */
export function expectedResult(difference: number, scale: number): number {
  return 1 / (10 ** (-difference / scale) + 1);
}

/** G: how much the margin multiplies K (eloratings.net: 1, 1, 1.5, 1.75, then +1/8 a goal). */
export function marginMultiplier(
  margin: number,
  rules: Pick<EloRules, 'marginMultipliers' | 'beyondPerGoal'>,
) {
  const table = rules.marginMultipliers;
  const n = Math.abs(margin);
  if (n < table.length) return table[n]!;
  return table[table.length - 1]! + (n - (table.length - 1)) * rules.beyondPerGoal;
}

/** The rating a team new at `startsAt` starts from. */
export function startRatingAt(rules: Pick<EloRules, 'startRatings'>, startsAt: string): number {
  let rating = rules.startRatings[0]!.rating;
  for (const start of rules.startRatings) if (start.from <= startsAt) rating = start.rating;
  return rating;
}

/** The rating difference the expectation is taken on, from the home side's view. */
export function ratingDifference(
  home: number,
  away: number,
  neutral: boolean,
  homeAdvantage: number,
): number {
  return home - away + (neutral ? 0 : homeAdvantage);
}

/** The state a team plays its next match from: its own, its predecessor's (a successor state), or a new team's. */
function stateOf(team: string, states: Map<string, TeamState>, rules: EloRules, startsAt: string): TeamState {
  const own = states.get(team);
  const predecessor = rules.predecessors.get(team);
  const before = predecessor === undefined ? undefined : states.get(predecessor);
  if (before && before.matches > 0 && before.lastPlayed > (own?.lastPlayed ?? '')) {
    // Taken once: from now on the successor's own matches are later than the predecessor's last.
    // Its count adds the predecessor's to its own, so a team's count only grows along its points.
    const inherited = { ...before, matches: before.matches + (own?.matches ?? 0) };
    states.set(team, inherited);
    return inherited;
  }
  if (own) return own;
  const fresh = { rating: startRatingAt(rules, startsAt), matches: 0, lastPlayed: '' };
  states.set(team, fresh);
  return fresh;
}

/**
 * Rates `matches` (already in playing order) from `states` (each team's state before the first of them;
 * updated in place) and returns two points per match, home side first.
 */
export function rateMatches(
  matches: readonly EloMatch[],
  states: Map<string, TeamState>,
  rules: EloRules,
): RatingPoint[] {
  const points: RatingPoint[] = [];
  for (const m of matches) {
    const home = stateOf(m.home, states, rules, m.startsAt);
    const away = stateOf(m.away, states, rules, m.startsAt);
    const we = expectedResult(
      ratingDifference(home.rating, away.rating, m.neutral, rules.homeAdvantage),
      rules.scale,
    );
    const margin = m.homeGoals - m.awayGoals;
    const w = margin > 0 ? 1 : margin < 0 ? 0 : 0.5;
    const change = m.k * marginMultiplier(margin, rules) * (w - we);
    const homeBefore = home.rating;
    const awayBefore = away.rating;
    home.rating = roundRating(homeBefore + change);
    away.rating = roundRating(awayBefore - change);
    home.matches += 1;
    away.matches += 1;
    home.lastPlayed = m.startsAt;
    away.lastPlayed = m.startsAt;
    const common = { matchId: m.id, startsAt: m.startsAt, date: m.date };
    points.push(
      {
        ...common,
        teamId: m.home,
        opponentId: m.away,
        before: homeBefore,
        after: home.rating,
        matches: home.matches,
      },
      {
        ...common,
        teamId: m.away,
        opponentId: m.home,
        before: awayBefore,
        after: away.rating,
        matches: away.matches,
      },
    );
  }
  return points;
}

/** The playing order: kick-off (UTC), then ID, so equal inputs give one order on every engine. */
export function playingOrder(a: EloMatch, b: EloMatch): number {
  if (a.startsAt !== b.startsAt) return a.startsAt < b.startsAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
