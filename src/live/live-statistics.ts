import type { Kysely, Transaction } from 'kysely';
import type { Database, MatchTeamStatsTable } from '../storage/schema.js';
import { LIVE_SOURCE } from './live-events.js';
import type { LiveStatistics } from './match-update.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The figures of a side's statistics row, in the order the table and the API list them. */
export const FIGURES = [
  'corners',
  'shots_total',
  'shots_on_target',
  'shots_inside_box',
  'possession_percent',
  'passes_accuracy_percent',
  'expected_goals',
  'yellow_cards',
  'red_cards',
] as const satisfies ReadonlyArray<keyof LiveStatistics & keyof MatchTeamStatsTable>;

export interface StatisticsMatch {
  id: string;
  home_team_id: string;
  away_team_id: string;
  local_date: string | null;
}

/** The row ID of one side's live statistics for a match. */
export function liveStatisticsRowId(matchId: string, side: 'home' | 'away'): string {
  return `${matchId}:${LIVE_SOURCE}:statistics:${side}`;
}

/** Whether the match has a home side's statistics row of any source: what stats_match_count counts. */
export async function hasStatistics(db: Db, match: StatisticsMatch): Promise<boolean> {
  if (match.local_date === null) return false;
  const row = await db
    .selectFrom('match_team_stats')
    .select('id')
    .where('team_id', '=', match.home_team_id)
    .where('opponent_team_id', '=', match.away_team_id)
    .where('match_date', '=', match.local_date)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes each side's figures the update gives over the stored live row (figures left out stay as they
 * are), as rows of the feed's source keyed as every statistics row is: team, opponent and the match's local
 * date. Returns whether a row changed. The caller has checked that the match has a local date.
 */
export async function writeLiveStatistics(
  db: Db,
  match: StatisticsMatch & { local_date: string },
  statistics: { home?: LiveStatistics; away?: LiveStatistics },
  now: string,
): Promise<boolean> {
  let changed = false;
  for (const side of ['home', 'away'] as const) {
    const given = statistics[side];
    if (!given) continue;
    const id = liveStatisticsRowId(match.id, side);
    const stored = await db
      .selectFrom('match_team_stats')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    const figures = Object.fromEntries(
      FIGURES.map((f) => [f, given[f] !== undefined ? given[f] : (stored?.[f] ?? null)]),
    ) as Pick<MatchTeamStatsTable, (typeof FIGURES)[number]>;
    const [team, opponent] =
      side === 'home' ? [match.home_team_id, match.away_team_id] : [match.away_team_id, match.home_team_id];
    if (stored) {
      if (FIGURES.every((f) => (stored[f] === null ? null : Number(stored[f])) === figures[f])) continue;
      await db
        .updateTable('match_team_stats')
        .set({ ...figures, updated_at: now })
        .where('id', '=', id)
        .execute();
    } else {
      await db
        .insertInto('match_team_stats')
        .values({
          id,
          match_date: match.local_date,
          team_id: team,
          opponent_team_id: opponent,
          ...figures,
          source: LIVE_SOURCE,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    changed = true;
  }
  return changed;
}
