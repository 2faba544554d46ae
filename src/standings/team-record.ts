import { outcomeOf } from './tiebreak.js';
import type { CountedResult } from './compute-standings.js';

/** A team's results over some matches: what a table row counts, and the clean sheets beside it. */
export interface SideRecord {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  clean_sheets: number;
  failed_to_score: number;
}

/** A result as the team read it: its goals first, the opponent, where, and how it ended for it. */
export interface TeamResult {
  match_id: string | null;
  date: string;
  opponent: string;
  venue: 'home' | 'away';
  goals_for: number;
  goals_against: number;
  outcome: 'W' | 'D' | 'L';
}

export interface Runs {
  /** The longest streak of each kind over the season, in matches, and the current one. */
  winning: { longest: number; current: number };
  unbeaten: { longest: number; current: number };
  losing: { longest: number; current: number };
  without_win: { longest: number; current: number };
}

export interface TeamRecord {
  total: SideRecord;
  home: SideRecord;
  away: SideRecord;
  /** Biggest margin, then most goals scored, then the earliest; null before a win (or a defeat). */
  biggest_win: TeamResult | null;
  biggest_defeat: TeamResult | null;
  runs: Runs;
  /** The last five results, oldest first (W, D, L); null before a first result. */
  form: string | null;
}

const EMPTY: SideRecord = {
  played: 0,
  won: 0,
  drawn: 0,
  lost: 0,
  goals_for: 0,
  goals_against: 0,
  clean_sheets: 0,
  failed_to_score: 0,
};

/** `result` from `team`'s side. */
export function asTeam(team: string, r: CountedResult): TeamResult {
  const home = r.home === team;
  const outcome = outcomeOf(r);
  const mine = outcome === 'draw' ? 'D' : (outcome === 'home') === home ? 'W' : 'L';
  return {
    match_id: r.match.id ?? null,
    date: r.startsAt.slice(0, 10),
    opponent: home ? r.away : r.home,
    venue: home ? 'home' : 'away',
    goals_for: home ? r.homeGoals : r.awayGoals,
    goals_against: home ? r.awayGoals : r.homeGoals,
    outcome: mine,
  };
}

function add(record: SideRecord, r: TeamResult): SideRecord {
  return {
    played: record.played + 1,
    won: record.won + (r.outcome === 'W' ? 1 : 0),
    drawn: record.drawn + (r.outcome === 'D' ? 1 : 0),
    lost: record.lost + (r.outcome === 'L' ? 1 : 0),
    goals_for: record.goals_for + r.goals_for,
    goals_against: record.goals_against + r.goals_against,
    clean_sheets: record.clean_sheets + (r.goals_against === 0 ? 1 : 0),
    failed_to_score: record.failed_to_score + (r.goals_for === 0 ? 1 : 0),
  };
}

/** Of two results of one kind, the bigger: wider margin, then more goals for the winner's side, then earlier. */
function bigger(a: TeamResult | null, b: TeamResult, side: 'W' | 'L'): TeamResult {
  if (a === null) return b;
  const margin = (r: TeamResult) => Math.abs(r.goals_for - r.goals_against);
  const scored = (r: TeamResult) => (side === 'W' ? r.goals_for : r.goals_against);
  if (margin(b) !== margin(a)) return margin(b) > margin(a) ? b : a;
  return scored(b) > scored(a) ? b : a;
}

/** The longest and the current streak of results that `holds`, in order. */
function streak(results: readonly TeamResult[], holds: (r: TeamResult) => boolean) {
  let longest = 0;
  let current = 0;
  for (const r of results) {
    current = holds(r) ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  return { longest, current };
}

/**
 * A team's season from the results its tables count (countedResultsOf), in kick-off order: so played,
 * won, drawn, lost and goals are the table's, by construction. An awarded result counts as awarded.
 */
export function teamRecord(team: string, results: readonly CountedResult[]): TeamRecord {
  const mine = results.map((r) => asTeam(team, r));
  let total = EMPTY;
  let home = EMPTY;
  let away = EMPTY;
  let biggestWin: TeamResult | null = null;
  let biggestDefeat: TeamResult | null = null;
  for (const r of mine) {
    total = add(total, r);
    if (r.venue === 'home') home = add(home, r);
    else away = add(away, r);
    if (r.outcome === 'W') biggestWin = bigger(biggestWin, r, 'W');
    if (r.outcome === 'L') biggestDefeat = bigger(biggestDefeat, r, 'L');
  }
  const form = mine
    .slice(-5)
    .map((r) => r.outcome)
    .join('');
  return {
    total,
    home,
    away,
    biggest_win: biggestWin,
    biggest_defeat: biggestDefeat,
    runs: {
      winning: streak(mine, (r) => r.outcome === 'W'),
      unbeaten: streak(mine, (r) => r.outcome !== 'L'),
      losing: streak(mine, (r) => r.outcome === 'L'),
      without_win: streak(mine, (r) => r.outcome !== 'W'),
    },
    form: form === '' ? null : form,
  };
}
