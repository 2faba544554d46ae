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
  /** A league that splits into groups after a first phase (Scotland, Austria, Belgium...): how its final table is made. */
  split?: TableSplit;
}

/**
 * A league season that splits after a first phase of `rounds` rounds: the clubs go, by their position
 * then, into groups of the given sizes (top first), play on within their group, and no club moves
 * between groups. The final table lists the groups in order, each ranked by its points: the first
 * phase's kept (`kept`) or halved (`halved`, rounded down unless `rounding` is `up`), plus the points of
 * the later phase. Tiebreakers count the results of the whole season, unless `level` says otherwise. The
 * split applies once every club has played its `rounds` first-phase matches, or once the data holds
 * matches of the later phase; before, the table is an ordinary one.
 */
export interface TableSplit {
  rounds: number;
  groups: readonly SplitGroup[];
  /** The first phase's points in every group that does not say otherwise. */
  points: 'kept' | 'halved';
  /** How an odd total is halved: rounded down (by default: Austria) or up (Belgium, Greece's play-offs 5-8). */
  rounding?: 'up';
  /** What ranks first among clubs level on points, before every tiebreaker: a club whose half point was rounded away (Austria). */
  levelFirst?: 'rounded_away';
  /** What ranks last among clubs level on points, before every tiebreaker: a club whose points were rounded up (Belgium). */
  levelLast?: 'rounded_up';
  /**
   * What decides, within a group, between clubs still level on points (after `levelFirst` or
   * `levelLast`): the era's tiebreakers over the whole season's results (by default), or the places of
   * the first phase (`first_phase_position`: Belgium, Czechia).
   */
  level?: 'first_phase_position';
  /** Public reference the split was taken from (a URL). */
  reference: string;
}

/** A group of a split season, of `size` clubs, named by `label` in the rows of the final table. */
export interface SplitGroup {
  label: string;
  size: number;
  /** The first phase's points in this group, where they differ from the split's (Belgium's relegation play-offs). */
  points?: 'kept' | 'halved';
  /**
   * false: no later phase of this group counts toward the table (a knockout, play-offs with clubs of
   * another division, or nothing at all): its clubs keep their first-phase places and points, and a later
   * match of theirs in the data is not counted.
   */
  later?: false;
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
  /**
   * In a season whose points are halved at a split: true when the competition took the points from the
   * total after the halving; otherwise they count in the first phase's total, halved with it.
   */
  afterSplit?: boolean;
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
