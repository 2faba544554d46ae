import type { EventRow } from '../storage/repositories/match-detail.repository.js';
import { bestSourceRows } from './pick-source.js';

const ref = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
/** A player with an ID, or one the source names without a player record (id null). */
const named = (id: string | null, name: string | null) =>
  id === null && name === null ? null : { id, name: name ?? '' };

/** A match's events from its best-ranked source, in the order the source's periods and minutes give. */
export function matchTimeline(rows: readonly EventRow[]) {
  const events = bestSourceRows(rows).map((e) => ({
    type: e.type,
    period: e.period,
    minute: e.minute,
    stoppage_minute: e.stoppage_minute,
    label: e.label,
    team: ref(e.team_id, e.team_name),
    player: named(e.player_id ?? e.linked_player_id, e.player_name),
    related_player: ref(e.related_player_id, e.related_player_name),
    detail: e.detail,
  }));
  return { events, sources: [...new Set(bestSourceRows(rows).map((e) => e.source))] };
}
