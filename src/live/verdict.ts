import type { LiveChanges } from './live-changes.js';

/**
 * What became of one update (docs/live-updates.md, "Verdicts"): applied (with the event ID the stream
 * sends it under), a duplicate of one applied before (nothing changed), stale (older than the match's
 * newest applied update: nothing changed), or rejected with the reason.
 */
export type Verdict =
  | { outcome: 'applied'; update_id: string; match_id: string; seq: number; changes: LiveChanges }
  | { outcome: 'duplicate'; update_id: string; match_id: string; seq: number }
  | { outcome: 'stale'; update_id: string; match_id: string; sequence: number; newest_sequence: number }
  | { outcome: 'rejected'; update_id: string | null; reason: string };

export type Outcome = Verdict['outcome'];

/** A refusal raised while an update is applied: its transaction rolls back, and it is recorded. */
export class LiveRejection extends Error {}
