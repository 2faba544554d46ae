import { FailureStreaks, type StreakLogger } from '../logging/failure-streaks.js';
import { onLiveNotify } from './live-notify.js';
import { RedisWake } from './redis-wake.js';

/**
 * For a process that applies live updates and serves no stream (`touchline live …`, a replay): makes
 * `notifyLiveEvents()` announce its commits on Redis, so every instance's streams read the log at once.
 * Without Redis it does nothing: servers find the updates at their next read of the log
 * (TOUCHLINE_LIVE_POLL_MS). Close it before the process exits.
 */
export function openLiveAnnouncer(redisUrl: string | null, log: StreakLogger): { close(): Promise<void> } {
  if (!redisUrl) return { close: async () => undefined };
  const streaks = new FailureStreaks(log);
  const wake = new RedisWake(redisUrl, {
    onError: (error) =>
      streaks.failed('redis', 'live updates: Redis failing; servers find updates at their next poll', error),
  });
  const uninstall = onLiveNotify(() => wake.publish());
  return {
    async close() {
      uninstall();
      // What was announced last goes out before the connection ends (bounded: commands time out).
      await wake.flushed();
      wake.close();
      streaks.close();
    },
  };
}
