import { parseDuration, type Config } from '../../config/config.js';
import { recordingValidators } from '../../ingest/artifacts/download.js';
import { SOURCES } from '../../ingest/sources.js';
import { createProgress } from '../../ingest/progress.js';
import { runIngestion } from '../../ingest/runner.js';
import { setRunValidators } from '../../storage/repositories/ingestion-run.repository.js';
import { parseCommandArgs } from '../command-args.js';
import { UsageError } from '../usage-error.js';
import { withIngestionLock } from '../with-storage.js';

/** How long `ingest` and `refresh` wait for another ingestion unless `--wait` says otherwise. */
export const DEFAULT_LOCK_WAIT = '10m';

/** `--wait <duration>` in ms. */
export function lockWaitMs(raw: string | undefined): number {
  const ms = parseDuration(raw ?? DEFAULT_LOCK_WAIT);
  if (ms === undefined) throw new UsageError(`--wait needs a duration such as 30s, 10m or 1h, got "${raw}"`);
  return ms;
}

export function describeWait(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Math.round(ms / 1000)} s`;
}

export async function ingestCommand(argv: string[], config: Readonly<Config>): Promise<number> {
  const parsed = parseCommandArgs({
    args: argv,
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      clubs: { type: 'string' },
      quiet: { type: 'boolean' },
      wait: { type: 'string' },
    },
  });
  const [source] = parsed.positionals;
  const { from, quiet } = parsed.values;
  const clubs = parsed.values.clubs ?? config.clubs ?? undefined;
  const loader = source ? SOURCES[source] : undefined;
  if (!source || !loader) throw new UsageError(`ingest needs a source: ${Object.keys(SOURCES).join(', ')}`);
  if (!from) throw new UsageError('ingest needs --from <location>');
  const waitMs = lockWaitMs(parsed.values.wait);
  const progress = quiet ? undefined : createProgress();
  // Another ingestion (a scheduled refresh, say) is waited for, never a reason to fail.
  const locked = await withIngestionLock(
    config,
    {
      purpose: `ingest ${source}`,
      waitMs,
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
