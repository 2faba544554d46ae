import { stableId } from '../identity/stable-id.js';
import { tournamentMatchId } from '../identity/tournament-identity.js';
import type { Competition } from './competitions.js';
import type { SeasonKey } from './seasons.js';

/** A results.csv row read and checked, before its season is known. */
export interface ResultRow {
  row: number;
  date: string;
  home: string;
  away: string;
  homeTeamId: string;
  awayTeamId: string;
  competition: Competition;
  homeScore: number | null;
  awayScore: number | null;
  city: string | null;
  country: string | null;
  neutral: boolean;
}

/**
 * Each row's match ID, or why the row is rejected. The ID is the one every source derives for a tournament
 * match (teams in either order). Two rows of one competition with the same teams on the same date are
 * kept as two matches when the teams are swapped (the two legs of a tie the source dates alike; Argentina
 * and Uruguay played each other twice on 16 June 1929, in Buenos Aires and in Montevideo): the row whose
 * home team's ID sorts first keeps the shared ID, the other's ID keeps home and away apart. A row repeating
 * another's date, home and away team repeats the source's own key and is rejected.
 */
export function matchIds(
  rows: readonly ResultRow[],
  seasons: readonly SeasonKey[],
): Array<string | { rejected: string }> {
  const ids: Array<string | { rejected: string }> = rows.map((r, at) =>
    tournamentMatchId(r.competition.code, seasons[at]!.key, r.date, r.homeTeamId, r.awayTeamId),
  );
  // Rows sharing an ID, by the ID: a few in the whole file.
  const firstAt = new Map<string, number>();
  const shared = new Map<string, number[]>();
  ids.forEach((id, at) => {
    const first = firstAt.get(id as string);
    if (first === undefined) firstAt.set(id as string, at);
    else shared.set(id as string, [...(shared.get(id as string) ?? [first]), at]);
  });
  for (const [id, group] of shared) {
    const kept = new Map<string, ResultRow>();
    for (const at of group) {
      const r = rows[at]!;
      const first = kept.get(`${r.homeTeamId}>${r.awayTeamId}`);
      if (first) ids[at] = { rejected: `repeats row ${first.row}: the same date, home team and away team` };
      else kept.set(`${r.homeTeamId}>${r.awayTeamId}`, r);
    }
    for (const at of group) {
      const r = rows[at]!;
      if (typeof ids[at] !== 'string') continue;
      const apart = `${r.competition.code}:${seasons[at]!.key}:${r.date}:${r.homeTeamId}>${r.awayTeamId}`;
      ids[at] = kept.size === 1 || r.homeTeamId < r.awayTeamId ? id : stableId('match', apart);
    }
  }
  return ids;
}
