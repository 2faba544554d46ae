import type { ScoredMatchRow } from '../storage/repositories/rating.repository.js';
import { playingOrder, type EloMatch } from './elo.js';
import { RULES_OF, type RatingSystem } from './rating-rules.js';

/**
 * Which system rates a finished match: national when both sides are men's national teams, club when
 * neither is and the competition is a men's one; none otherwise (women's football, and awarded results,
 * which were not played).
 */
export function systemOf(
  row: Pick<ScoredMatchRow, 'home_team_id' | 'away_team_id' | 'gender' | 'source_status'>,
  national: ReadonlySet<string>,
): RatingSystem | undefined {
  if (row.source_status === 'awarded') return undefined;
  const home = national.has(row.home_team_id);
  const away = national.has(row.away_team_id);
  if (home && away) return 'national';
  if (home || away || row.gender !== 'men') return undefined;
  return 'club';
}

/**
 * Whether a match was on neutral ground: as its source says, else as its system's rules take an unknown
 * ground (clubs: the home side's; national teams: neutral, no advantage invented).
 */
export function neutralGround(neutral: number | null, system: RatingSystem): boolean {
  if (neutral === null) return !RULES_OF[system].unknownGroundIsHome;
  return neutral !== 0;
}

/** The matches of each system as the pass takes them, in playing order. */
export function ratedMatches(rows: readonly ScoredMatchRow[], national: ReadonlySet<string>) {
  const out: Record<RatingSystem, EloMatch[]> = { national: [], club: [] };
  for (const row of rows) {
    const system = systemOf(row, national);
    if (!system) continue;
    out[system].push({
      id: row.id,
      startsAt: row.starts_at,
      date: row.local_date ?? row.starts_at.slice(0, 10),
      home: row.home_team_id,
      away: row.away_team_id,
      homeGoals: row.home_score,
      awayGoals: row.away_score,
      neutral: neutralGround(row.neutral, system),
      k: RULES_OF[system].importanceOf(row.code).k,
    });
  }
  out.national.sort(playingOrder);
  out.club.sort(playingOrder);
  return out;
}
