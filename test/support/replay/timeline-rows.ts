// Stored timeline rows for the replay's unit tests, shaped as eventsForMatch answers them.
import type { EventRow } from '../../../src/storage/repositories/match-detail.repository.js';

export const HOME = 'team_home';
export const AWAY = 'team_away';
export const NAMES = { home: 'Home FC', away: 'Away United' };

let order = 0;

/** A Fjelstul-like row: `minute` in `period` (from the minute by default), for `team`, by `player`. */
export function row(
  type: string,
  minute: number | null,
  team: string | null,
  player: string | null,
  over: Partial<EventRow> = {},
): EventRow {
  order += 1;
  const period =
    minute === null
      ? 'penalty_shootout'
      : minute <= 45
        ? 'first_half'
        : minute <= 90
          ? 'second_half'
          : minute <= 105
            ? 'extra_time_first_half'
            : 'extra_time_second_half';
  const stoppage = over.stoppage_minute ?? null;
  return {
    id: `match_x:fjelstul/worldcup:event:${order}`,
    match_id: 'match_x',
    sort_key: String(order).padStart(6, '0'),
    type,
    period,
    minute,
    stoppage_minute: stoppage,
    label: minute === null ? null : stoppage ? `${minute}+${stoppage}'` : `${minute}'`,
    team_id: team,
    player_id: player,
    related_player_id: null,
    detail: null,
    source_player_name: null,
    linked_player_id: null,
    source: 'fjelstul/worldcup',
    row_hash: null,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    team_name: team === HOME ? NAMES.home : team === AWAY ? NAMES.away : null,
    player_name: player ? `Name of ${player}` : null,
    related_player_name: null,
    ...over,
  };
}
