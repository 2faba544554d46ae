import type { Kysely } from 'kysely';
import type { LiveChanges } from '../live/live-changes.js';
import { scoreBreakdown, type ScoreBreakdown } from '../representation/match-score.js';
import type { LiveMatch } from '../live/resolve-match.js';
import type { MatchState } from '../live/status-rules.js';
import { newestLiveEventOf } from '../storage/repositories/live-event.repository.js';
import type { Database } from '../storage/schema.js';
import { REPLAY_PREFIX, replayUpdateKind } from './replay-ids.js';

export interface OriginalState {
  /** The state a replay ends the match in: its stored status and score. */
  state: MatchState;
  /** Its stored stages; unknown when read from a reset logged before the stream carried them. */
  breakdown?: ScoreBreakdown;
  /** The run whose reset it was read from, when a replay was interrupted before its full time. */
  interruptedRun?: string;
}

/** The state before the update, from what the update changed (a key absent: it did not change). */
function stateBefore(changes: LiveChanges): MatchState {
  return {
    status: changes.status?.from ?? changes.state.status,
    home_score: changes.score ? changes.score.from.home : changes.state.home_score,
    away_score: changes.score ? changes.score.from.away : changes.state.away_score,
  };
}

/** The stages before the update, when its log entry has them (entries before issue 40 do not). */
function breakdownBefore(changes: LiveChanges): ScoreBreakdown | undefined {
  return changes.score_breakdown?.from ?? (changes.state.score as ScoreBreakdown | undefined);
}

/**
 * The stored state a replay must leave the match in. Usually the match as it is now; but a replay that
 * was killed before its full time (a process killed, a machine gone: an interrupted one restores the
 * match itself) left it part-way. A reset records what it replaced, so that is read back: from the newest
 * reset that found the match finished, as stored (one that found it live or scheduled found it part-way
 * through another replay, itself interrupted or still playing).
 */
export async function originalState(db: Kysely<Database>, match: LiveMatch): Promise<OriginalState> {
  const current = { status: match.status, home_score: match.home_score, away_score: match.away_score };
  const stored = { state: current, breakdown: scoreBreakdown(match) };
  const newest = await newestLiveEventOf(db, match.id);
  const kind = newest ? replayUpdateKind(newest.updateId) : undefined;
  if (kind === undefined || kind === 'full-time') return stored;

  const rows = await db
    .selectFrom('live_events')
    .select(['update_id', 'changes'])
    .where('match_id', '=', match.id)
    .where('update_id', 'like', `${REPLAY_PREFIX}%`)
    .orderBy('seq', 'desc')
    .execute();
  for (const row of rows) {
    if (replayUpdateKind(row.update_id) !== 'reset') continue;
    const changes = JSON.parse(row.changes) as LiveChanges;
    const before = stateBefore(changes);
    if (before.status === 'finished') {
      const breakdown = breakdownBefore(changes);
      return { state: before, ...(breakdown ? { breakdown } : {}), interruptedRun: row.update_id };
    }
  }
  return stored;
}
