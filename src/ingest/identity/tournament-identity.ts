import { stableId } from './stable-id.js';

/**
 * Tournament competitions several sources describe. Their IDs derive from these codes, whichever
 * source is read.
 */
export const TOURNAMENTS = {
  mensWorldCup: { code: 'fifa.wc', name: 'FIFA World Cup', gender: 'men' },
  womensWorldCup: { code: 'fifa.wwc', name: "FIFA Women's World Cup", gender: 'women' },
} as const;

/**
 * A tournament match's ID from what every source knows of it: the tournament, the edition, the local
 * date, and the two teams in either order (sources disagree on which side is "home" at neutral venues).
 * Replays keep distinct IDs through their date.
 */
export function tournamentMatchId(
  code: string,
  seasonKey: string,
  localDate: string,
  teamA: string,
  teamB: string,
): string {
  const [first, second] = [teamA, teamB].sort();
  return stableId('match', `${code}:${seasonKey}:${localDate}:${first}:${second}`);
}

export function tournamentCompetitionId(code: string): string {
  return stableId('comp', code);
}

export function tournamentSeasonId(code: string, seasonKey: string): string {
  return stableId('season', `${code}:${seasonKey}`);
}
