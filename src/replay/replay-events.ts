import type { LiveEvent } from '../live/match-update.js';
import {
  LIVE_EVENT_TYPES,
  LIVE_PERIODS,
  type LiveEventType,
  type LivePeriod,
} from '../vocabulary/event-types.js';
import type { EventRow } from '../storage/repositories/match-detail.repository.js';

/** The teams of the match replayed, to tell a stored event's side. */
export interface Sides {
  home_team_id: string;
  away_team_id: string;
}

/** A stored event as a live update sends it, or why it cannot be sent. */
export type Translated = { ok: true; event: LiveEvent } | { ok: false; reason: string };

const isLiveType = (type: string): type is LiveEventType =>
  (LIVE_EVENT_TYPES as readonly string[]).includes(type);
const isLivePeriod = (period: string): period is LivePeriod =>
  (LIVE_PERIODS as readonly string[]).includes(period);

/** Goals count for the side the event belongs to (an own goal's, as stored, is the side it counts for). */
export const SCORING_TYPES: ReadonlySet<string> = new Set(['goal', 'own_goal', 'penalty_goal']);

/**
 * A stored timeline event as the live format says it, under the operator ID `id`: the same type, period,
 * minute, side, player (by their record when the source linked one, else by the name it gives) and detail,
 * so that the replayed event shows in `/timeline` as the stored one does. Shoot-out kicks and events
 * without a minute or a side have no form in the format: the reason is answered instead.
 */
export function translateEvent(row: EventRow, id: string, sides: Sides): Translated {
  if (row.type === 'shootout_kick') return { ok: false, reason: 'a shoot-out kick has no live form' };
  if (!isLiveType(row.type)) return { ok: false, reason: `the live format has no ${row.type} event` };
  if (row.minute === null) return { ok: false, reason: 'the source gives no minute' };
  const team =
    row.team_id === sides.home_team_id ? 'home' : row.team_id === sides.away_team_id ? 'away' : undefined;
  if (!team) return { ok: false, reason: 'the source names neither side' };

  const event: LiveEvent = { id, type: row.type, minute: row.minute, team };
  if (row.stoppage_minute !== null && row.stoppage_minute > 0) event.stoppage_minute = row.stoppage_minute;
  if (row.period !== null && isLivePeriod(row.period)) event.period = row.period;
  const playerId = row.player_id ?? row.linked_player_id;
  if (playerId !== null) event.player_id = playerId;
  else if (row.player_name !== null && row.player_name !== '') event.player = row.player_name;
  if (row.type === 'substitution' && row.related_player_id !== null) {
    event.related_player_id = row.related_player_id;
  }
  if (row.detail !== null && row.detail !== '') event.detail = row.detail;
  return { ok: true, event };
}
