import { parseSourceSpec, type Config } from '../../config/config.js';
import { SKIPPED_EXIT_CODE } from '../../ingest/ingestion-lock.js';
import { refreshSource, type RefreshResult } from '../../ingest/refresh.js';
import { SOURCES } from '../../ingest/sources.js';
import { printJson } from '../json-output.js';
import { DEFAULT_LOCK_WAIT_MS, describeWait } from '../lock-wait.js';
import { createProgress } from '../progress-output.js';
import { UsageError } from '../usage-error.js';
import { withIngestionLock } from '../with-storage.js';
import { runSummaryJson } from './run-summary-json.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

function report(label: string, result: RefreshResult): void {
  if (result.outcome === 'unchanged') {
    out(
      `refresh: ${label}: run ${result.runId} unchanged in ${seconds(result.durationMs)}: ` +
        `the artifact is the one of run ${result.sameAs} (${result.how}); nothing parsed or written`,
    );
  } else if (result.outcome === 'failed') {
    err(`refresh: ${label}: run ${result.runId} failed, nothing was changed: ${result.error}`);
  } else {
    for (const note of result.notes) err(`refresh: ${label}: note: ${note}`);
    out(
      `refresh: ${label}: run ${result.runId} succeeded in ${seconds(result.durationMs)}: ` +
        `${result.recordsSeen} records seen, ${result.inserted} inserted, ${result.updated} updated, ` +
        `${result.unchanged} unchanged, ${result.rejected} rejected; ${result.rowsWritten} rows written`,
    );
  }
}

/**
 * `touchline refresh [<source>…]`: one pass over the sources TOUCHLINE_SOURCES configures (or those
 * named), each under the ingestion lock: an unchanged artifact is recorded as such without being parsed,
 * a changed one is ingested. What `serve` runs on its schedule, one source at a time, with `--if-idle`.
 */
export interface RefreshOptions {
  force?: boolean;
  ifIdle?: boolean;
  quiet?: boolean;
  /** How long to wait for another ingestion (ms). */
  wait?: number;
  json?: boolean;
}

export async function refreshCommand(
  config: Readonly<Config>,
  named: readonly string[],
  options: RefreshOptions,
): Promise<number> {
  const { force, quiet } = options;
  const ifIdle = options.ifIdle ?? false;
  const waitMs = options.wait ?? DEFAULT_LOCK_WAIT_MS;
  const jobs = config.sources.map(parseSourceSpec);
  if (jobs.length === 0) throw new UsageError('refresh needs sources: TOUCHLINE_SOURCES configures none');
  const configured = [...new Set(jobs.map((j) => j.source))];
  for (const name of named) {
    if (!configured.includes(name)) {
      throw new UsageError(
        `refresh takes sources TOUCHLINE_SOURCES configures (${configured.join(', ')}), not "${name}"`,
      );
    }
  }
  const chosen = named.length === 0 ? jobs : jobs.filter((j) => named.includes(j.source));

  let failed = false;
  let skipped = false;
  // --json: one array at the end, an element per source in the order run.
  const results: Array<ReturnType<typeof runSummaryJson>> = [];
  for (const { source, location } of chosen) {
    const label = `${source} ${location}`;
    const load = SOURCES[source];
    if (!load) {
      err(`refresh: ${label}: unknown source "${source}" (sources: ${Object.keys(SOURCES).join(', ')})`);
      failed = true;
      continue;
    }
    const progress = quiet ? undefined : createProgress(process.stderr, { prefix: 'refresh' });
    const locked = await withIngestionLock(
      config,
      {
        purpose: `refresh ${source}`,
        waitMs,
        progress,
        skipIfBusy: ifIdle,
        onWait: (holder) =>
          err(`refresh: ${label}: waiting up to ${describeWait(waitMs)} for ${holder} to finish`),
      },
      (storage) =>
        refreshSource(
          storage,
          { source, location, clubs: config.clubs ?? undefined, load },
          { force, progress },
        ),
    );
    progress?.done();
    if (!locked) {
      if (options.json) results.push(runSummaryJson(location, null, source));
      else out(`refresh: ${label}: skipped: another ingestion is running`);
      skipped = true;
      continue;
    }
    if (options.json) results.push(runSummaryJson(location, locked.result));
    else report(label, locked.result);
    if (locked.result.outcome === 'failed') failed = true;
  }
  if (options.json) printJson(results);
  if (failed) return 1;
  return skipped ? SKIPPED_EXIT_CODE : 0;
}
