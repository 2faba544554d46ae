import { FailureStreaks, type StreakLogger } from '../logging/failure-streaks.js';
import { openStorage, type Storage } from '../storage/connection.js';
import { followLog } from './live-feed.js';
import { onLiveNotify } from './live-notify.js';
import { LivePrimary, type WorkerChannel } from './live-primary.js';
import { RedisWake } from './redis-wake.js';

export interface PrimaryFeed {
  /** Sends the worker the events, answers its wake-ups and (without Redis) its slot checks. */
  serve(worker: WorkerChannel): void;
  close(): Promise<void>;
}

/**
 * The live feed of a cluster primary: the one reader of the log for the instance, sending what it reads
 * to every worker; woken by its workers' updates, by updates applied in the primary itself, and with
 * Redis by other instances' announcements, which it also makes for its own.
 */
export function startPrimaryFeed(options: {
  /** The primary's connection where it has one (without Redis); else the feed opens its own. */
  storage: Storage | undefined;
  databaseUrl: string;
  pollMs: number;
  redisUrl: string | null;
  log: StreakLogger;
}): PrimaryFeed {
  const storage = options.storage ?? openStorage(options.databaseUrl, { create: false });
  const streaks = new FailureStreaks(options.log);
  let announce: RedisWake | undefined;
  const wake = () => {
    tail.wake();
    announce?.publish();
  };
  const primary = new LivePrimary({ wake, holdsSlots: options.redisUrl === null });
  const tail = followLog(storage, primary, options.pollMs, streaks);
  if (options.redisUrl) {
    announce = new RedisWake(options.redisUrl, {
      onWake: () => tail.wake(),
      onError: (error) =>
        streaks.failed('redis', 'live stream: Redis failing; wake-ups wait for the poll', error),
    });
  }
  const uninstall = onLiveNotify(wake);
  return {
    serve: (worker) => primary.serve(worker),
    async close() {
      uninstall();
      tail.stop();
      announce?.close();
      streaks.close();
      if (!options.storage) await storage.close();
    },
  };
}
