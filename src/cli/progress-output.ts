import cliProgress, { type TimeFormatter } from 'cli-progress';
import type { Progress } from '../ingest/progress.js';

export interface ProgressOptions {
  /** What each line starts with: `ingest`, `refresh`, `backup`. */
  prefix: string;
  /** Milliseconds since an epoch: tests move it by hand. */
  now?: () => number;
}

/** How often a plain line reports the count of a phase that goes on (a log needs no more). */
const PLAIN_EVERY_MS = 5000;

/**
 * Progress on stderr, so that stdout stays what the command prints (a summary, JSON). On a terminal a bar
 * with the counts, the time spent and an estimate of the time left, redrawn in place; anywhere else (a
 * pipe, a file, a log collector) plain lines without a control character: one per phase, one every 5 s
 * while a counted phase goes on, one when it completes.
 */
export function createProgress(
  stream: NodeJS.WriteStream = process.stderr,
  options: ProgressOptions = { prefix: 'ingest' },
): Progress {
  return stream.isTTY ? terminalProgress(stream, options.prefix) : plainProgress(stream, options);
}

// A CommonJS module: its exports are properties of the default one under Node's ESM loader.
const { Format, SingleBar } = cliProgress;

/** Before the first count (or with none since), the estimate is unknown: `?`, not `NULL` or `INF`. */
const formatTime: TimeFormatter = (t, options, roundTo) =>
  typeof t === 'number' && Number.isFinite(t) ? Format.TimeFormat(t, options, roundTo) : '?';

/**
 * cli-progress draws the bar: it throttles redraws, fits the line to the terminal's width and estimates
 * the time left from the recent rate (a buffer of updates, steadier than the average since the start).
 * One bar per phase, cleared when the next begins: the lines the command prints after it stay alone.
 */
function terminalProgress(stream: NodeJS.WriteStream, prefix: string): Progress {
  let bar: cliProgress.SingleBar | undefined;
  let counted = false;
  let phase = '';
  const begin = (withCounts: boolean, total: number, unit: string) => {
    bar?.stop();
    counted = withCounts;
    bar = new SingleBar({
      stream,
      format: withCounts
        ? '{prefix}: {phase} [{bar}] {value}/{total} {unit}, {duration_formatted}, about {eta_formatted} left {item}'
        : '{prefix}: {phase} {duration_formatted}',
      formatTime,
      barsize: 24,
      clearOnComplete: true,
      hideCursor: false,
      linewrap: false,
      etaBuffer: 20,
      fps: 5,
    });
    bar.start(total, 0, { prefix, phase, unit, item: '' });
  };
  return {
    step(label) {
      phase = label;
      begin(false, 1, '');
    },
    advance(done, total, label, unit = 'files') {
      if (!counted || bar!.getTotal() !== total) begin(true, total, unit);
      bar!.update(done, { item: label });
    },
    done() {
      bar?.stop();
      bar = undefined;
    },
  };
}

function plainProgress(stream: NodeJS.WriteStream, { prefix, now = Date.now }: ProgressOptions): Progress {
  const line = (text: string) => stream.write(`${prefix}: ${text}\n`);
  let phase = '';
  let phaseStarted = now();
  let lastLine = 0;
  return {
    step(label) {
      phase = label;
      phaseStarted = now();
      lastLine = phaseStarted;
      line(label);
    },
    advance(done, total, _label, unit = 'files') {
      const at = now();
      const spent = at - phaseStarted;
      if (done >= total) {
        line(`${phase}: ${done}/${total} ${unit} in ${(spent / 1000).toFixed(1)} s`);
        lastLine = at;
      } else if (at - lastLine >= PLAIN_EVERY_MS && done > 0) {
        const left = Math.ceil(((spent / done) * (total - done)) / 1000);
        line(`${phase}: ${done}/${total} ${unit}, about ${left} s left`);
        lastLine = at;
      }
    },
    done: () => undefined,
  };
}
