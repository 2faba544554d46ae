/**
 * Ends the process if it is still alive `ms` after the calling test's cleanup: a failure that leaves a
 * socket or a timer behind must fail this file, not hang the whole test run.
 */
export function exitIfStuck(ms = 15_000): void {
  setTimeout(() => {
    process.stderr.write(`still running ${ms} ms after the tests ended: exiting\n`);
    process.exit(1);
  }, ms).unref();
}

/** Polls `probe` every 50 ms until it returns true or `withinMs` passes; returns the elapsed time. */
export async function within(withinMs: number, probe: () => Promise<boolean>, what: string): Promise<number> {
  const started = Date.now();
  let last = 'never tried';
  while (Date.now() - started < withinMs) {
    try {
      if (await probe()) return Date.now() - started;
      last = 'not yet';
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within ${withinMs} ms (${last})`);
}
