/**
 * How a competition ranks its table: points per result and the tiebreakers it applies, in order, to
 * teams level on points. Kept as data (competition-rules.ts), one entry per competition and era, each
 * with the public reference it was taken from.
 */

/**
 * Criteria that separate teams level on points. The head-to-head ones compare the teams still level
 * on the matches played between them only (a mini-table); when they separate some of the teams but not
 * all, they are applied again to those still level, as UEFA and FIFA regulations say.
 */
export type Tiebreaker =
  /** goals for minus goals against */
  | 'goal_difference'
  | 'goals_for'
  /** goals for divided by goals against (World Cups 1958-1966); no goal against ranks first */
  | 'goal_average'
  | 'wins'
  /** matches won away from home */
  | 'away_wins'
  /** goals scored away from home */
  | 'away_goals_for'
  | 'head_to_head_points'
  | 'head_to_head_goal_difference'
  | 'head_to_head_goals_for'
  /** goals scored away from home in the matches between the teams level */
  | 'head_to_head_away_goals';

export interface TableRules {
  pointsForWin: number;
  pointsForDraw: number;
  /** Applied in order to teams level on points; teams still level after all of them share an order by name. */
  tiebreakers: readonly Tiebreaker[];
  /**
   * What decides once every criterion is exhausted, when it is not something results can show (a
   * drawing of lots, fair-play points, a play-off): said in the documentation of computed tables.
   */
  finally?: string;
  /** Public reference the rules were taken from (a URL). */
  reference: string;
}

/** Rules of one competition, by era: `from` and `until` are season keys, inclusive ("1994", "1981-82"). */
export interface CompetitionRules {
  /** competitions.code, as the sources give it ("en.1", "fifa.wc"). */
  competition: string;
  eras: ReadonlyArray<{ from?: string; until?: string; rules: TableRules }>;
}

/**
 * A change the competition made to its table that results do not show, kept as data (adjustments.ts),
 * each with its public reference. Teams are named as stored (teams.name) or by any stored alias.
 */
export interface PointsAdjustment {
  kind: 'points';
  competition: string;
  /** Season key ("2023-24"). */
  season: string;
  team: string;
  /** Points added; a deduction is negative. */
  points: number;
  reason: string;
  reference: string;
}

/** A match whose result was awarded (a walkover, a forfeit): the table counts this score instead. */
export interface AwardedResult {
  kind: 'awarded';
  competition: string;
  season: string;
  home: string;
  away: string;
  /** The match's date (YYYY-MM-DD), for a season where the two teams met more than once at home. */
  date?: string;
  homeGoals: number;
  awayGoals: number;
  reason: string;
  reference: string;
}

export type TableAdjustment = PointsAdjustment | AwardedResult;
