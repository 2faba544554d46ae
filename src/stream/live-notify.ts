// How the code that applies live updates tells the streams, without holding a reference to them: it may
// run in a serving process, a cluster worker, the primary, or a command of its own (`touchline live …`).
// Whatever runs there installs what a notification does in that process (live-feed.ts, live-primary.ts,
// or openLiveAnnouncer for a command); with nothing installed a notification does nothing, and servers
// still find the update at their next read of the log (TOUCHLINE_LIVE_POLL_MS).

type Waker = () => void;

const wakers = new Set<Waker>();

/**
 * Call after the transaction that appended to `live_events` has committed: every stream of this instance
 * (and, with Redis, of every instance) reads the log at once instead of at its next poll. Cheap, never
 * throws, never waits; calling it for nothing costs one read of the log.
 */
export function notifyLiveEvents(): void {
  for (const wake of wakers) {
    try {
      wake();
    } catch {
      // A notification is a hint: the poll finds the update anyway.
    }
  }
}

/** Installs what `notifyLiveEvents` does in this process; returns what uninstalls it. */
export function onLiveNotify(wake: Waker): () => void {
  wakers.add(wake);
  return () => void wakers.delete(wake);
}
