import { parseArgs } from 'node:util';
import type { Config } from '../../config/config.js';
import { SOURCES } from '../../ingest/sources.js';
import { createProgress } from '../../ingest/progress.js';
import { runIngestion } from '../../ingest/runner.js';
import { UsageError } from '../usage-error.js';
import { withStorage } from '../with-storage.js';

export async function ingestCommand(argv: string[], config: Readonly<Config>): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { from: { type: 'string' }, clubs: { type: 'string' }, quiet: { type: 'boolean' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [source] = parsed.positionals;
  const { from, clubs, quiet } = parsed.values;
  const loader = source ? SOURCES[source] : undefined;
  if (!source || !loader) throw new UsageError(`ingest needs a source: ${Object.keys(SOURCES).join(', ')}`);
  if (!from) throw new UsageError('ingest needs --from <location>');
  const progress = quiet ? undefined : createProgress();
  const summary = await withStorage(config, (storage) =>
    runIngestion(storage, {
      source,
      location: from,
      load: () => loader({ from, clubs }),
      progress,
    }),
  );
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
