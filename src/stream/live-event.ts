import type { LiveEventRow } from '../storage/repositories/live-event.repository.js';

/**
 * An applied live update as streams send it: its event ID (the log's sequence, the same on every
 * instance), what it concerns, and its data as JSON text, serialized once for every client and process.
 */
export interface LiveEvent {
  seq: number;
  matchId: string;
  competitionId: string;
  data: string;
}

export function liveEventOf(row: LiveEventRow): LiveEvent {
  return {
    seq: row.seq,
    matchId: row.matchId,
    competitionId: row.competitionId,
    data: JSON.stringify(row.changes),
  };
}

/**
 * The event as Server-Sent Events text. JSON.stringify writes no line break (it escapes those in
 * strings), so the data is one `data:` line, as the format needs.
 */
export function sseFrame(event: LiveEvent): Buffer {
  // Bytes, encoded once for every stream the event goes to rather than by each stream's write.
  return Buffer.from(`id: ${event.seq}\nevent: update\ndata: ${event.data}\n\n`);
}

/** What a stream follows: one match, one competition, or every live event of the dataset. */
export interface StreamFilter {
  matchId?: string;
  competitionId?: string;
}

/** Whether `event` is one that `filter` follows. */
export function follows(filter: StreamFilter, event: LiveEvent): boolean {
  if (filter.matchId !== undefined) return event.matchId === filter.matchId;
  if (filter.competitionId !== undefined) return event.competitionId === filter.competitionId;
  return true;
}
