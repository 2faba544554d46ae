import type { Sheet } from './csv-sheet.js';
import { periodOf } from './event-time.js';

type Pair = [number, number];

interface Tally {
  /** Goals per Fjelstul team ID: in the first half, in the 90 minutes, in all. */
  half: Map<string, number>;
  regulation: Map<string, number>;
  total: Map<string, number>;
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/**
 * Goals per match and team, counted from goals.csv by period, to give the half-time score and the score
 * after 90 minutes, which matches.csv does not carry. A goal whose period cannot be read still counts in the
 * total, so the match's goals no longer add up and nothing is derived for it.
 */
export class GoalTally {
  private readonly byMatch = new Map<string, Tally>();

  constructor(private readonly goals: Sheet | undefined) {
    for (const row of goals?.rows ?? []) {
      const match = row.text('match_id');
      let tally = this.byMatch.get(match);
      if (!tally)
        this.byMatch.set(match, (tally = { half: new Map(), regulation: new Map(), total: new Map() }));
      const team = row.text('team_id');
      const period = periodOf(row.text('match_period'));
      bump(tally.total, team);
      if (period === 'first_half' || period === 'second_half') bump(tally.regulation, team);
      if (period === 'first_half') bump(tally.half, team);
    }
  }

  /**
   * Half-time and 90-minute scores of a match, when goals.csv was read and the match's goals there add up
   * to its final score; otherwise null.
   */
  scores(matchId: string, home: string, away: string, final: Pair): { ht: Pair; ft: Pair } | null {
    if (!this.goals) return null;
    const tally = this.byMatch.get(matchId) ?? { half: new Map(), regulation: new Map(), total: new Map() };
    const pair = (m: Map<string, number>): Pair => [m.get(home) ?? 0, m.get(away) ?? 0];
    const total = pair(tally.total);
    const goalsElsewhere = [...tally.total.keys()].some((team) => team !== home && team !== away);
    if (goalsElsewhere || total[0] !== final[0] || total[1] !== final[1]) return null;
    return { ht: pair(tally.half), ft: pair(tally.regulation) };
  }
}
