import type { MatchTeamSheetTable } from '../../storage/schema.js';
import type { LineupRow } from '../../storage/repositories/match-detail.repository.js';
import type { MatchRow } from '../../storage/repositories/match.repository.js';
import { bestSourceRows } from '../../provenance/pick-source.js';

function player(row: LineupRow) {
  return {
    player: { id: row.player_id, name: row.player_name },
    shirt_number: row.shirt_number,
    position: row.position,
  };
}

/** Both teams' starting elevens and benches, with coach and formation where the source has them. */
export function matchLineups(
  match: MatchRow,
  rows: readonly LineupRow[],
  sheets: readonly MatchTeamSheetTable[],
) {
  const lineup = bestSourceRows(rows);
  const sides = [
    { id: match.home_team_id, name: match.home_team_name },
    { id: match.away_team_id, name: match.away_team_name },
  ];
  const teams = sides
    .map((team) => {
      const mine = lineup.filter((r) => r.team_id === team.id);
      const [sheet] = bestSourceRows(sheets.filter((s) => s.team_id === team.id));
      return {
        team,
        formation: sheet?.formation ?? null,
        coach: sheet?.coach_name ? { id: sheet.coach_id ?? null, name: sheet.coach_name } : null,
        starting: mine.filter((r) => r.role === 'starting').map(player),
        bench: mine.filter((r) => r.role !== 'starting').map(player),
      };
    })
    .filter((t) => t.starting.length > 0 || t.bench.length > 0);
  return { teams, sources: [...new Set([...lineup.map((r) => r.source), ...sheets.map((s) => s.source)])] };
}
