/**
 * The IDs a replay sends its updates and events under (docs/live-updates.md, "Replay").
 *
 * A run is named by its first sequence: the match's newest applied sequence plus one. Sequences only grow,
 * so no two runs of one match share it, and replaying a match again never sends an `update_id` the match
 * has already seen (which would answer `duplicate`). The update IDs end with what the update is, so the
 * log tells a run's reset and full time from its events (original-state.ts reads them back).
 *
 * Event IDs are the same in every run (`replay-001` is the stored timeline's first event replayed): a run
 * removes them all at its end, and the next run's reset removes any an interrupted run left behind.
 */

export const REPLAY_PREFIX = 'replay-';
const RESET = 'reset';
const FULL_TIME = 'full-time';

const pad = (n: number) => String(n).padStart(3, '0');

/**
 * The update ID of a run's `step`-th update (from 0), `kind` saying what it is: `reset` (always step 0),
 * `kick-off`, the event's type (`penalty-goal`), `clear`, `full-time`.
 */
export function replayUpdateId(run: number, step: number, kind: string): string {
  return `${REPLAY_PREFIX}${run}-${pad(step)}-${kind}`;
}

/** The operator ID of the `n`-th replayed event (from 1). */
export function replayEventId(n: number): string {
  return `${REPLAY_PREFIX}${pad(n)}`;
}

/** Whether an operator event ID is one a replay sends. */
export const isReplayEventId = (id: string) => id.startsWith(REPLAY_PREFIX);

/** What a replay update ID says it is, or undefined for another update. */
export function replayUpdateKind(updateId: string): 'reset' | 'full-time' | 'other' | undefined {
  const m = /^replay-\d+-\d{3,}-(.+)$/.exec(updateId);
  if (!m) return undefined;
  return m[1] === RESET ? 'reset' : m[1] === FULL_TIME ? 'full-time' : 'other';
}
