import type { EventRow, LineupRow } from '../../storage/repositories/match-detail.repository.js';
import type { MatchRow } from '../../storage/repositories/match.repository.js';
import { bestSourceRows } from '../../provenance/pick-source.js';

const GOALS = new Set(['goal', 'penalty_goal']);
const SENDING_OFF = new Set(['red_card', 'second_yellow_card']);

/**
 * Per-player figures derived from the lineup and the timeline: minutes from when a player came on (0 for
 * starters, the substitution minute for substitutes) to when they went off (substituted or sent off) or
 * the end (90, or 120 after extra time), in regulation minutes; goals exclude own goals and shoot-out
 * kicks; a second yellow counts as a yellow and as a red card. No source rates players: rating is null.
 */
export function playerStatistics(
  match: MatchRow,
  lineupRows: readonly LineupRow[],
  eventRows: readonly EventRow[],
) {
  const lineup = bestSourceRows(lineupRows);
  const events = bestSourceRows(eventRows);
  const end = match.et_home !== null ? 120 : 90;
  const minute = (e: EventRow) => Math.min(e.minute ?? end, end);
  const sides = [
    { id: match.home_team_id, name: match.home_team_name },
    { id: match.away_team_id, name: match.away_team_name },
  ];
  const teams = sides
    .map((team) => ({
      team,
      players: lineup
        .filter((r) => r.team_id === team.id)
        .map((r) => {
          const mine = (type: (t: string) => boolean) =>
            events.filter((e) => e.player_id === r.player_id && type(e.type));
          const cameOn = events.find((e) => e.type === 'substitution' && e.player_id === r.player_id);
          const wentOff = events.find(
            (e) =>
              (e.type === 'substitution' && e.related_player_id === r.player_id) ||
              (SENDING_OFF.has(e.type) && e.player_id === r.player_id),
          );
          const on = r.role === 'starting' ? 0 : cameOn ? minute(cameOn) : null;
          const off = wentOff ? minute(wentOff) : end;
          return {
            player: { id: r.player_id, name: r.player_name },
            minutes_played: on === null ? 0 : Math.max(0, off - on),
            rating: null,
            statistics: {
              goals: mine((t) => GOALS.has(t)).filter((e) => e.period !== 'penalty_shootout').length,
              yellow_cards: mine((t) => t === 'yellow_card' || t === 'second_yellow_card').length,
              red_cards: mine((t) => SENDING_OFF.has(t)).length,
            },
          };
        }),
    }))
    .filter((t) => t.players.length > 0);
  return { teams, sources: [...new Set(lineup.map((r) => r.source))] };
}
