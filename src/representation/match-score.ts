import type { DecidedBy, MatchWinner } from '../vocabulary/match-outcomes.js';

/**
 * A match's score breakdown, winner, what decided it and the aggregate of a two-legged tie, from its
 * stored columns: the one derivation, which the match's JSON (match.ts) and the live stream's state
 * (live/live-changes.ts) both show. Derived when shown rather than stored, so that a live update that
 * moves one score cannot leave the winner or decided_by behind. The meaning of each part is documented
 * in docs/api.md ("Score breakdown").
 */

/** A match's score by stage as stored: the columns ingestion and live updates both write. */
export interface MatchStages {
  ht_home: number | null;
  ht_away: number | null;
  ft_home: number | null;
  ft_away: number | null;
  et_home: number | null;
  et_away: number | null;
  pen_home: number | null;
  pen_away: number | null;
  /** `home` or `away`: a shoot-out's winner, also where a source gives no shoot-out score. */
  shootout_winner: string | null;
}

/** No stage known. */
export const NO_STAGES: Readonly<MatchStages> = Object.freeze({
  ht_home: null,
  ht_away: null,
  ft_home: null,
  ft_away: null,
  et_home: null,
  et_away: null,
  pen_home: null,
  pen_away: null,
  shootout_winner: null,
});

/** The columns the breakdown reads (storage's match row has them; the first leg's scores are joined). */
export interface ScoreRow extends MatchStages {
  status: string;
  /** The source's own word for the status (`awarded`), kept beside the API's. */
  source_status: string | null;
  home_score: number | null;
  away_score: number | null;
  /** The first leg, when this match is the second leg of a two-legged tie the data shows. */
  first_leg_id: string | null;
  first_leg_home_score: number | null;
  first_leg_away_score: number | null;
}

export interface Goals {
  home: number;
  away: number;
}

export interface ScoreBreakdown {
  /** At half-time. */
  half_time: Goals | null;
  /** After 90 minutes (stoppage time included), before any extra time. */
  full_time: Goals | null;
  /** After 120 minutes, cumulative (the 90 minutes' goals included); null when none was played. */
  extra_time: Goals | null;
  /** The shoot-out's kicks scored, never part of any other score. */
  penalties: Goals | null;
}

/** The aggregate of a tie, shown on its second leg: each side of this match, over both legs. */
export interface Aggregate {
  home: number;
  away: number;
  first_leg_id: string;
}

export interface MatchOutcome {
  score: ScoreBreakdown;
  winner: MatchWinner | null;
  decided_by: DecidedBy | null;
  aggregate: Aggregate | null;
}

const goals = (home: number | null, away: number | null): Goals | null =>
  home === null || away === null ? null : { home, away };

export function scoreBreakdown(row: ScoreRow): ScoreBreakdown {
  return {
    half_time: goals(row.ht_home, row.ht_away),
    full_time: goals(row.ft_home, row.ft_away),
    extra_time: goals(row.et_home, row.et_away),
    penalties: goals(row.pen_home, row.pen_away),
  };
}

const shootoutTaken = (row: ScoreRow) =>
  row.shootout_winner !== null || (row.pen_home !== null && row.pen_away !== null);

/**
 * Only a finished match has a decision. An awarded result is decided off the pitch whatever its score;
 * else the last stage the source gives: a shoot-out, extra time, the 90 minutes. A final score with no
 * stages (a source that does not say whether extra time was played) decides nothing it can name.
 */
export function decidedBy(row: ScoreRow): DecidedBy | null {
  if (row.status !== 'finished') return null;
  if (row.source_status?.toLowerCase() === 'awarded') return 'awarded';
  if (shootoutTaken(row)) return 'penalties';
  if (row.et_home !== null && row.et_away !== null) return 'extra_time';
  if (row.ft_home !== null && row.ft_away !== null) return 'regular_time';
  return null;
}

/**
 * The side that won the match: a shoot-out's winner where one was taken (it settles the match even after
 * a second leg that was not level, whose tie was), else by the score (extra time included); `draw` for a
 * level score with no shoot-out. Null until the match is finished with a score.
 */
export function matchWinner(row: ScoreRow): MatchWinner | null {
  if (row.status !== 'finished' || row.home_score === null || row.away_score === null) return null;
  if (row.shootout_winner === 'home' || row.shootout_winner === 'away') return row.shootout_winner;
  if (row.home_score !== row.away_score) return row.home_score > row.away_score ? 'home' : 'away';
  return 'draw';
}

/**
 * The aggregate on a second leg, once both legs have a score (a live second leg's changes with it): the
 * first leg was played with the sides the other way round.
 */
export function aggregate(row: ScoreRow): Aggregate | null {
  const { first_leg_id, home_score, away_score, first_leg_home_score, first_leg_away_score } = row;
  if (first_leg_id === null || home_score === null || away_score === null) return null;
  if (first_leg_home_score === null || first_leg_away_score === null) return null;
  return { home: home_score + first_leg_away_score, away: away_score + first_leg_home_score, first_leg_id };
}

/** Everything the breakdown adds to a match, in the order the API lists it. */
export function matchOutcome(row: ScoreRow): MatchOutcome {
  return {
    score: scoreBreakdown(row),
    winner: matchWinner(row),
    decided_by: decidedBy(row),
    aggregate: aggregate(row),
  };
}
