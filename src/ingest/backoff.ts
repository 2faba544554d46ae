/** Exponential backoff: the delay doubles per failure from `baseMs` up to `capMs`. */
export interface Backoff {
  baseMs: number;
  capMs: number;
  /**
   * Up to this fraction of the delay is taken off at random (0.2 by default), so that processes failing
   * together do not retry together. Below 0.5 the delays still grow strictly until the cap.
   */
  jitter?: number;
}

/**
 * The delay before the next attempt after `failures` failures in a row (1 for the first): base × 2^(n-1),
 * at most the cap, less a random part of up to `jitter` of it. `random` returns a number in [0, 1).
 */
export function backoffDelay(failures: number, backoff: Backoff, random: () => number = Math.random): number {
  const { baseMs, capMs, jitter = 0.2 } = backoff;
  const doublings = Math.min(Math.max(failures, 1) - 1, 52);
  const full = Math.min(capMs, baseMs * 2 ** doublings);
  return Math.round(full * (1 - jitter * random()));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
