import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { parseSourceSpec } from '../config/config.js';
import { isStarterLocation } from '../ingest/starter-data.js';

/** How to run this build's CLI in a child process (compiled JavaScript, or TypeScript through tsx). */
export function cliCommand(): string[] {
  const js = fileURLToPath(new URL('../cli/main.js', import.meta.url));
  if (fs.existsSync(js)) return [js];
  return ['--import', 'tsx', fileURLToPath(new URL('../cli/main.ts', import.meta.url))];
}

export interface BackgroundIngestion {
  /** Settles when every source has been tried. */
  done: Promise<void>;
  stop(): void;
}

/**
 * Ingests sources one after another in child processes, so the API keeps answering while a run holds
 * the write transaction, and a failed source (no network, say) only logs a warning.
 */
export function ingestInBackground(specs: string[], log: Logger): BackgroundIngestion {
  let stopped = false;
  let child: ReturnType<typeof spawn> | undefined;
  const runOne = (spec: string) =>
    new Promise<void>((resolve) => {
      const { source, location } = parseSourceSpec(spec);
      log.info({ source, location }, 'background ingestion started');
      child = spawn(process.execPath, [...cliCommand(), 'ingest', source, '--from', location, '--quiet'], {
        // The child inherits this process's environment, so it reads the same configuration.
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
      child.on('close', (code) => {
        const lastLine = output.trim().split('\n').pop() ?? '';
        if (code === 0 && isStarterLocation(location)) {
          log.info(
            { source, location },
            'starter dataset ingested: the World Cups 1930-2026 are served until the configured sources are reached (/coverage/summary says starter_data: true meanwhile)',
          );
        } else if (code === 0) {
          // Serving processes read what it changed from the invalidation log by themselves.
          log.info({ source, location }, lastLine);
        } else if (!stopped) {
          log.warn(
            { source, location },
            `background ingestion failed; serving without this source: ${lastLine || `exit code ${code}`}`,
          );
        }
        resolve();
      });
    });
  const done = (async () => {
    for (const spec of specs) {
      if (stopped) return;
      await runOne(spec);
    }
  })();
  return {
    done,
    stop() {
      stopped = true;
      child?.kill('SIGTERM');
    },
  };
}
