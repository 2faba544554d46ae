import type { MatchEventRecord } from '../canonical.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import { sortKey, type Period } from './event-time.js';

export interface NewEvent {
  matchId: string;
  /** goal, booking, substitution or shootout: with `key` it names the event in its ID. */
  kind: string;
  /** The source row's own key (G-0001, B-0001, S-0001, PK-001). */
  key: string;
  type: string;
  period: Period;
  minute: number | null;
  stoppage: number | null;
  label: string | null;
  teamId: string | null;
  playerId: string | null;
  relatedPlayerId?: string | null;
  detail?: string | null;
  /** Position among events of the same minute; by default the order the events were added in. */
  seq?: number;
}

/** A match's timeline events, numbered per match in the order they are added. */
export class EventLog {
  readonly records: MatchEventRecord[] = [];
  private readonly next = new Map<string, number>();

  add(event: NewEvent): string {
    const seq = event.seq ?? (this.next.get(event.matchId) ?? 0) + 1;
    if (event.seq === undefined) this.next.set(event.matchId, seq);
    const id = `${event.matchId}:fjelstul:${event.kind}:${event.key}`;
    this.records.push({
      id,
      match_id: event.matchId,
      sort_key: sortKey(event.period, event.minute, event.stoppage, seq),
      type: event.type,
      period: event.period,
      minute: event.minute,
      stoppage_minute: event.stoppage,
      label: event.label,
      team_id: event.teamId,
      player_id: event.playerId,
      related_player_id: event.relatedPlayerId ?? null,
      detail: event.detail ?? null,
      source_player_name: null,
      source: SOURCE_NAMES.fjelstul,
    });
    return id;
  }
}
