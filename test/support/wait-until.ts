// Polling for a condition that another part of the process (a server, a stream, a tail of the log)
// makes true in its own time.
import assert from 'node:assert/strict';

/** Polls `predicate` every 10 ms until it holds; fails with `<why> within <ms> ms` when it does not in time. */
export async function waitUntil(predicate: () => boolean, ms: number, why: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    assert.ok(Date.now() < deadline, `${why} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
