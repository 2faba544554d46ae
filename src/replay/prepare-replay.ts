import type { Kysely } from 'kysely';
import { MAX_SEQUENCE } from '../live/match-update.js';
import { newestLiveEventOf } from '../storage/repositories/live-event.repository.js';
import type { Database } from '../storage/schema.js';
import { originalState } from './original-state.js';
import { planReplay, type ReplayPlan } from './replay-plan.js';
import { readStoredMatch } from './stored-match.js';

/** A match that cannot be replayed, with why. */
export class ReplayUnavailable extends Error {}

export interface PreparedReplay {
  plan: ReplayPlan;
  /** The update ID of an interrupted run's reset whose state this one restores, if any. */
  recoveredFrom?: string;
}

/**
 * Reads the match and builds its replay. Only a finished match with a score and a stored timeline is
 * replayed (the replay ends in its stored state, which must be one the live format can set), and not one
 * an operator carries live: its own live events would mix with the replay's in the timeline.
 */
export async function prepareReplay(db: Kysely<Database>, matchId: string): Promise<PreparedReplay> {
  const stored = await readStoredMatch(db, matchId);
  if (!stored) throw new ReplayUnavailable(`no match ${matchId}`);
  const { match } = stored;
  if (stored.operatorEvents.length > 0) {
    throw new ReplayUnavailable(
      `${match.id} has ${stored.operatorEvents.length} live events an operator sent; a replay would mix ` +
        'its events with them',
    );
  }
  const original = await originalState(db, match);
  const { status, home_score, away_score } = original.state;
  if (status !== 'finished' || home_score === null || away_score === null) {
    throw new ReplayUnavailable(`${match.id} is ${status}: only a finished match with a score is replayed`);
  }
  if (stored.timeline.length === 0) throw new ReplayUnavailable(`${match.id} has no stored timeline`);

  const newest = await newestLiveEventOf(db, match.id);
  const firstSequence = (newest?.sequence ?? 0) + 1;
  const plan = planReplay({
    matchId: match.id,
    names: { home: match.home_team_name, away: match.away_team_name },
    sides: match,
    extraTime: stored.extraTime,
    shootout: stored.shootout,
    timeline: stored.timeline,
    leftovers: stored.leftovers,
    final: {
      status,
      home_score,
      away_score,
      ...(original.breakdown ? { score_breakdown: original.breakdown } : {}),
    },
    firstSequence,
  });
  // Full time may take a few updates more than the plan's (closing-updates.ts): room for all of them.
  if (plan.next.sequence + plan.steps.length > MAX_SEQUENCE) {
    throw new ReplayUnavailable(`${match.id}: its sequence is too close to ${MAX_SEQUENCE} to replay it`);
  }
  return { plan, ...(original.interruptedRun ? { recoveredFrom: original.interruptedRun } : {}) };
}
