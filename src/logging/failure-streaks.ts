/** The part of a pino (or Fastify) logger a streak writes to. */
export interface StreakLogger {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

interface Streak {
  message: string;
  count: number;
  reported: number;
  started: number;
  timer: NodeJS.Timeout;
}

/** Kinds followed at once; a flood of distinct kinds (one per bug, say) is reported as one. */
const MAX_KINDS = 100;
const OVERFLOW = 'other failures';

/**
 * Logs a failure that repeats once per streak instead of once per occurrence: the first failure of a
 * kind with its error (stack included), then at most one line per `reportMs` with how many more
 * happened, and one line when a whole `reportMs` passes without one (the streak is over). An outage
 * that fails every request then writes a few lines a minute, not a stack trace per request.
 */
export class FailureStreaks {
  private readonly streaks = new Map<string, Streak>();

  constructor(
    private readonly log: StreakLogger,
    private readonly reportMs = 10_000,
  ) {}

  /** Records one failure of `kind`; `message` describes the kind, `error` is logged on the first one. */
  failed(kind: string, message: string, error?: unknown): void {
    const key = this.streaks.has(kind) || this.streaks.size < MAX_KINDS ? kind : OVERFLOW;
    const streak = this.streaks.get(key);
    if (streak) {
      streak.count += 1;
      return;
    }
    this.log.error(error === undefined ? { streak: key } : { streak: key, err: error }, message);
    const started = Date.now();
    const timer = setInterval(() => this.report(key), this.reportMs);
    timer.unref();
    this.streaks.set(key, { message, count: 1, reported: 1, started, timer });
  }

  /** Failures of `kind` in the streak under way; 0 when there is none. */
  count(kind: string): number {
    return this.streaks.get(kind)?.count ?? 0;
  }

  /**
   * Ends the streak of `kind` at once, if one is under way, with one line saying how long it lasted: for
   * a failure that is known to be over (the next attempt worked) rather than presumed over after a quiet
   * `reportMs`. Answers whether there was a streak.
   */
  recovered(kind: string): boolean {
    const streak = this.streaks.get(kind);
    if (!streak) return false;
    clearInterval(streak.timer);
    this.streaks.delete(kind);
    const seconds = Math.round((Date.now() - streak.started) / 1000);
    this.log.warn(
      { streak: kind, failures: streak.count, seconds },
      `${streak.message}: works again, streak over after ${streak.count} failures in ${seconds} s`,
    );
    return true;
  }

  private report(kind: string): void {
    const streak = this.streaks.get(kind)!;
    const seconds = Math.round((Date.now() - streak.started) / 1000);
    if (streak.count > streak.reported) {
      const more = streak.count - streak.reported;
      streak.reported = streak.count;
      this.log.error(
        { streak: kind, failures: streak.count, seconds },
        `${streak.message}: ${more} more since the last report (${streak.count} in ${seconds} s)`,
      );
      return;
    }
    clearInterval(streak.timer);
    this.streaks.delete(kind);
    this.log.warn(
      { streak: kind, failures: streak.count, seconds },
      `${streak.message}: no failure for ${Math.round(this.reportMs / 1000)} s, streak over after ${streak.count} failures`,
    );
  }

  /** Writes what is pending and stops the timers (on shutdown). */
  close(): void {
    for (const kind of [...this.streaks.keys()]) {
      const streak = this.streaks.get(kind)!;
      if (streak.count > streak.reported) this.report(kind);
      clearInterval(streak.timer);
      this.streaks.delete(kind);
    }
  }
}
