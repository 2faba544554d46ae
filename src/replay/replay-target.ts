import { applyMatchUpdate } from '../live/apply-update.js';
import type { MatchUpdate } from '../live/match-update.js';
import type { Verdict } from '../live/verdict.js';
import type { Storage } from '../storage/connection.js';
import { notifyLiveEvents } from '../stream/live-notify.js';

/** Where a replay's updates go, one at a time: the answer is the update's verdict. */
export interface ReplayTarget {
  /** Where, for messages: the database's engine, or the admin listener's URL. */
  describe: string;
  send(update: MatchUpdate): Promise<Verdict>;
}

/** The actor a replay's updates applied directly are recorded under in the live log. */
export const REPLAY_ACTOR = 'replay';

/**
 * The live-update path of this process, on `storage` (opened with `writeLock` on SQLite, as `live apply`
 * opens it): each update applied in its own transaction, logged under the actor `replay`. Running servers'
 * streams find it in the live log; each commit is announced (notifyLiveEvents: through Redis when the
 * command opened an announcer) so that they read it at once rather than at their next poll. A storage
 * failure is thrown: the replay stops there.
 */
export function directTarget(storage: Storage, clock: () => Date = () => new Date()): ReplayTarget {
  return {
    describe: `the database (${storage.engine})`,
    send: (update) =>
      applyMatchUpdate(storage, update, REPLAY_ACTOR, clock(), { onApplied: () => notifyLiveEvents() }),
  };
}
