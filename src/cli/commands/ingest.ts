import type { Config } from '../../config/config.js';
import { recordingValidators } from '../../ingest/artifacts/download.js';
import { SOURCES } from '../../ingest/sources.js';
import { runIngestion } from '../../ingest/runner.js';
import { setRunValidators } from '../../storage/repositories/ingestion-run.repository.js';
import { printJson } from '../json-output.js';
import { DEFAULT_LOCK_WAIT_MS, describeWait } from '../lock-wait.js';
import { createProgress } from '../progress-output.js';
import { UsageError } from '../usage-error.js';
import { publicLocationOf } from '../../vocabulary/public-locations.js';
import { withIngestionLock } from '../with-storage.js';
import { runSummaryJson } from './run-summary-json.js';

export interface IngestOptions {
  /** Where to read the source; its public location (vocabulary/public-locations.ts) when left out. */
  from?: string;
  clubs?: string;
  quiet?: boolean;
  /** How long to wait for another ingestion (ms). */
  wait?: number;
  json?: boolean;
}

export async function ingestCommand(
  config: Readonly<Config>,
  source: string,
  options: IngestOptions,
): Promise<number> {
  const { quiet } = options;
  const clubs = options.clubs ?? config.clubs ?? undefined;
  const loader = SOURCES[source];
  if (!loader) throw new UsageError(`ingest needs a source: ${Object.keys(SOURCES).join(', ')}`);
  const from = options.from ?? publicLocationOf(source);
  if (from === undefined) {
    throw new UsageError(`ingest ${source} needs --from: the source has no public location`);
  }
  const waitMs = options.wait ?? DEFAULT_LOCK_WAIT_MS;
  const progress = quiet ? undefined : createProgress(process.stderr, { prefix: 'ingest' });
  // Another ingestion (a scheduled refresh, say) is waited for, never a reason to fail.
  const locked = await withIngestionLock(
    config,
    {
      purpose: `ingest ${source}`,
      waitMs,
      progress,
      onWait: (holder) =>
        process.stderr.write(`ingest: waiting up to ${describeWait(waitMs)} for ${holder} to finish\n`),
    },
    async (storage) => {
      const { result: summary, validators } = await recordingValidators(() =>
        runIngestion(storage, {
          source,
          location: from,
          load: () => loader({ from, clubs }),
          progress,
        }),
      );
      // The server's validators for the artifact, so that a refresh of it can ask whether it changed.
      const sent = validators.get(from);
      if (summary.outcome === 'succeeded' && sent) {
        await setRunValidators(storage.db, summary.runId, sent).catch(() => undefined);
      }
      return summary;
    },
  );
  const summary = locked!.result;
  progress?.done();
  if (options.json) {
    // The notes and a failure are in the document; nothing more is said on stderr.
    printJson(runSummaryJson(from, summary));
    return summary.outcome === 'failed' ? 1 : 0;
  }
  for (const note of summary.notes) process.stderr.write(`ingest: note: ${note}\n`);
  if (summary.outcome === 'failed') {
    process.stderr.write(`ingest: run ${summary.runId} failed, nothing was changed: ${summary.error}\n`);
    return 1;
  }
  process.stdout.write(
    `ingest: run ${summary.runId} succeeded in ${(summary.durationMs / 1000).toFixed(1)}s: ` +
      `${summary.recordsSeen} records seen, ${summary.inserted} inserted, ${summary.updated} updated, ` +
      `${summary.unchanged} unchanged, ${summary.rejected} rejected; ${summary.rowsWritten} rows written; ` +
      `sha256 ${summary.sha256}\n`,
  );
  return 0;
}
