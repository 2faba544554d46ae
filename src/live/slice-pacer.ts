import { setImmediate as nextTurn } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';

/**
 * The longest a batch of updates runs without giving the event loop a turn. On SQLite every statement is
 * synchronous, so a batch awaiting only its own queries never lets the process do anything else: in the
 * cluster primary, which hands the workers their connections and answers their limit checks, a 1 MiB
 * batch held every new client for 25 s (issue 38). A turn every slice bounds that wait to about a slice.
 */
export const SLICE_MS = 10;

/** Paces a long loop: `pace()` after each step yields to the event loop once `sliceMs` have passed. */
export function slicePacer(sliceMs = SLICE_MS, now: () => number = () => performance.now()) {
  let since = now();
  return async function pace(): Promise<void> {
    if (now() - since < sliceMs) return;
    // setImmediate runs after the poll phase: waiting I/O (IPC messages, new connections) goes first.
    await nextTurn();
    since = now();
  };
}
