/**
 * Shorthands for writing competitions' rules as data (competition-rules.ts, split-leagues.ts).
 */
import type { TableRules, TableSplit, Tiebreaker } from './table-rules.js';

export const GD_GF: readonly Tiebreaker[] = ['goal_difference', 'goals_for'];
/** Points, goal difference and goals scored in the matches between the teams level (a mini-table). */
export const H2H: readonly Tiebreaker[] = [
  'head_to_head_points',
  'head_to_head_goal_difference',
  'head_to_head_goals_for',
];

export const wiki = (page: string): string => `https://en.wikipedia.org/wiki/${page}`;

export function rules(
  tiebreakers: readonly Tiebreaker[],
  reference: string,
  finally_?: string,
  pointsForWin = 3,
): TableRules {
  return finally_ === undefined
    ? { pointsForWin, pointsForDraw: 1, tiebreakers, reference }
    : { pointsForWin, pointsForDraw: 1, tiebreakers, finally: finally_, reference };
}

/** A rules era of a league that splits after a first phase (see TableSplit; applied by compute-standings). */
export const splitting = (era: TableRules, split: TableSplit): TableRules => ({ ...era, split });
