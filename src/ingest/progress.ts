/** Where a run reports what it is doing: a progress bar on a terminal, plain lines otherwise. */
export interface Progress {
  step(label: string): void;
  advance(done: number, total: number, label: string): void;
  done(): void;
}

const WIDTH = 30;

export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) {
    // Plain lines for logs: one per phase, not one per file.
    return {
      step: (label) => stream.write(`ingest: ${label}\n`),
      advance: () => undefined,
      done: () => undefined,
    };
  }
  const started = Date.now();
  let phase = '';
  const draw = (fraction: number, label: string) => {
    const filled = Math.round(Math.min(1, fraction) * WIDTH);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const text = `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${seconds}s ${phase} ${label}`;
    stream.write(`\r\x1b[2K${text.slice(0, (stream.columns || 100) - 1)}`);
  };
  return {
    step(label) {
      phase = label;
      draw(label.startsWith('writing') ? 0.9 : label.startsWith('normalizing') ? 0.1 : 0, '');
    },
    advance(done, total, label) {
      draw(0.1 + 0.8 * (done / Math.max(1, total)), label);
    },
    done() {
      stream.write('\r\x1b[2K');
    },
  };
}
