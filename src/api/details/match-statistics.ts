import type { MatchTeamStatsTable } from '../../storage/schema.js';
import type { MatchRow } from '../../storage/repositories/match.repository.js';
import { bestSourceRows } from '../../provenance/pick-source.js';

function statistics(row: MatchTeamStatsTable) {
  return {
    corners: row.corners,
    shots_total: row.shots_total,
    shots_on_target: row.shots_on_target,
    shots_inside_box: row.shots_inside_box,
    possession_percent: row.possession_percent,
    passes_accuracy_percent: row.passes_accuracy_percent,
    expected_goals: row.expected_goals,
    yellow_cards: row.yellow_cards,
    red_cards: row.red_cards,
  };
}

/** Home side first, then away; each side from its best-ranked source. Unreported figures stay null. */
export function teamStatistics(match: MatchRow, rows: readonly MatchTeamStatsTable[]) {
  const sides = [
    { id: match.home_team_id, name: match.home_team_name },
    { id: match.away_team_id, name: match.away_team_name },
  ];
  const used: string[] = [];
  const teams = sides.flatMap((team) => {
    const [row] = bestSourceRows(rows.filter((r) => r.team_id === team.id));
    if (!row) return [];
    used.push(row.source);
    return [{ team, statistics: statistics(row) }];
  });
  return { teams, sources: used };
}
