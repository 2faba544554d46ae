/** Where a run reports what it is doing: a progress bar on a terminal, plain lines otherwise. */
export interface Progress {
  step(label: string): void;
  done(): void;
}

export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  const steps = ['reading source', 'normalizing records', 'writing'];
  let index = 0;
  if (!stream.isTTY) {
    return {
      step: (label) => stream.write(`ingest: ${label}\n`),
      done: () => undefined,
    };
  }
  const width = 30;
  const started = Date.now();
  return {
    step(label) {
      index = Math.min(index + 1, steps.length);
      const filled = Math.round((index / (steps.length + 1)) * width);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      stream.write(`\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${label} (${seconds}s)`);
    },
    done() {
      stream.write(`\r\x1b[2K[${'#'.repeat(width)}] done\n`);
    },
  };
}
