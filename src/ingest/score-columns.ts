import type { MatchRecord } from './canonical.js';
import type { ResultScore } from './match-status.js';

type Pair = [number, number];
type ScoreColumns = Pick<
  MatchRecord,
  | 'home_score'
  | 'away_score'
  | 'ht_home'
  | 'ht_away'
  | 'ft_home'
  | 'ft_away'
  | 'et_home'
  | 'et_away'
  | 'pen_home'
  | 'pen_away'
  | 'shootout_winner'
>;

/**
 * A source's score as match columns: every stage kept apart, and the match score the final one (after
 * extra time when there was extra time; a shoot-out is never part of it). The shoot-out's winner is the
 * side with more kicks scored.
 */
export function scoreColumns(score: ResultScore, final: Pair | null = score.et ?? score.ft): ScoreColumns {
  const { ht, ft, et, p } = score;
  return {
    home_score: final?.[0] ?? null,
    away_score: final?.[1] ?? null,
    ht_home: ht?.[0] ?? null,
    ht_away: ht?.[1] ?? null,
    ft_home: ft?.[0] ?? null,
    ft_away: ft?.[1] ?? null,
    et_home: et?.[0] ?? null,
    et_away: et?.[1] ?? null,
    pen_home: p?.[0] ?? null,
    pen_away: p?.[1] ?? null,
    shootout_winner: shootoutWinner(p),
  };
}

/** `home` or `away` from a shoot-out's score; null without one, or for a level one (no winner). */
export function shootoutWinner(p: Pair | null | undefined): 'home' | 'away' | null {
  if (!p || p[0] === p[1]) return null;
  return p[0] > p[1] ? 'home' : 'away';
}
