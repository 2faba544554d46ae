/**
 * A reader that stops early (`touchline runs | head -3`) closes the pipe: the next write fails with
 * EPIPE, which unhandled would end the process with a stack trace. A command then has nobody to tell
 * anything to, so it exits at once, quietly, with the status it has so far (0 unless it failed before).
 * A long-running command (`serve`) keeps running instead: its work is answering requests, not writing.
 */
let keepRunning = false;

export function keepRunningOnClosedOutput(): void {
  keepRunning = true;
}

export function exitQuietlyOnClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      // The stream is destroyed now; later writes to it are dropped without another error.
      if (!keepRunning) process.exit(process.exitCode ?? 0);
    });
  }
}
