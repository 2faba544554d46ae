import type { MatchUpdate } from '../live/match-update.js';
import type { FinalState } from './replay-plan.js';
import { judgeChange, type MatchState } from '../live/status-rules.js';
import { checkMatchUpdate } from '../live/update-validator.js';
import { chunked, MAX_LIST } from './chunked.js';
import { replayUpdateId } from './replay-ids.js';

export interface Closing {
  matchId: string;
  run: number;
  /** The sequence and step number the first closing update takes. */
  next: { sequence: number; step: number };
  /** The match as the run left it. */
  current: MatchState;
  /** The stored state to restore. */
  final: FinalState;
  /** The operator IDs of the events the run added (and did not remove). */
  added: readonly string[];
}

/**
 * Full time: the stored status and score (and stages: half-time, 90 minutes, extra time, the shoot-out's
 * score), and the replayed events removed, so that the timeline the API
 * shows is the stored source's again (with what the live format could not carry: shoot-out kicks), and
 * the match is what it was before the replay. It is a correction only when the rules ask for one: when
 * the run was cut short before kick-off, or the stored timeline has more goals than the stored score.
 * More than 200 events to remove (the format's limit per update) go in updates before it.
 */
export function closingUpdates(c: Closing): MatchUpdate[] {
  let { sequence, step } = c.next;
  const next = (kind: string, body: Omit<MatchUpdate, 'update_id' | 'match' | 'sequence'>) => {
    const update: MatchUpdate = {
      update_id: replayUpdateId(c.run, step, kind),
      match: c.matchId,
      sequence,
      ...body,
    };
    step += 1;
    sequence += 1;
    const checked = checkMatchUpdate(update);
    if (!checked.ok) throw new Error(`replay: update ${update.update_id} is not valid: ${checked.reason}`);
    return update;
  };

  const slices = chunked(c.added, MAX_LIST);
  const last = slices.pop() ?? [];
  const updates = slices.map((removals) => next('clear', { remove_events: removals }));
  const score = { home: c.final.home_score, away: c.final.away_score };
  const correction = !judgeChange(c.current, { status: c.final.status, score }).ok;
  updates.push(
    next('full-time', {
      status: c.final.status,
      score,
      // The stages as stored, every one (null too): a replay ends with the stored winner and decision, the
      // 2022 final's Argentina on penalties.
      ...(c.final.score_breakdown ? { score_breakdown: c.final.score_breakdown } : {}),
      ...(last.length > 0 ? { remove_events: last } : {}),
      ...(correction ? { correction: true } : {}),
    }),
  );
  return updates;
}
