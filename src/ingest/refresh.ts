import type { Storage } from '../storage/connection.js';
import {
  insertRun,
  lastIngestedArtifact,
  setRunValidators,
  type IngestedArtifact,
} from '../storage/repositories/ingestion-run.repository.js';
import { fetchToFile, type Validators } from './artifacts/download.js';
import {
  isUrl,
  readArtifact,
  readDownloaded,
  withArtifact,
  type Artifact,
} from './artifacts/read-artifact.js';
import type { Progress } from './progress.js';
import { recordFailedRun, runIngestion, type RunSummary } from './runner.js';
import type { LoadedSource, SourceOptions } from './source.js';

export interface RefreshJob {
  source: string;
  location: string;
  /** The openfootball/clubs location for club-based sources; the source's default when undefined. */
  clubs?: string;
  load: (options: SourceOptions) => Promise<LoadedSource>;
}

export interface RefreshOptions {
  /** Ingest even when the artifact is the one already ingested (after an upgrade, say). */
  force?: boolean;
  progress?: Progress;
}

export type RefreshResult =
  | (RunSummary & { outcome: 'succeeded' | 'failed' })
  | {
      outcome: 'unchanged';
      runId: number;
      source: string;
      /** The run whose artifact this one is. */
      sameAs: number;
      /** How that was known: `HTTP 304` or `same SHA-256`. */
      how: string;
      sha256: string | null;
      durationMs: number;
    };

/**
 * One refresh of one configured source, with the ingestion lock held by the caller. The artifact is read
 * first, conditionally: a URL with validators from the last run that ingested it is asked with
 * If-None-Match / If-Modified-Since, and a 304 (or a body, or local files, with the same SHA-256 as then)
 * is recorded as an `unchanged` run without parsing anything. Otherwise the artifact read is ingested as
 * `touchline ingest` would (the runner writes the difference), and the validators are kept with the run.
 * A failure to read it is recorded as a failed run, as the runner records its own failures.
 */
export async function refreshSource(
  storage: Storage,
  job: RefreshJob,
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  const { db } = storage;
  const { source, location } = job;
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  const previous = options.force ? undefined : await lastIngestedArtifact(db, source, location);

  const unchanged = async (how: string, was: IngestedArtifact, validators: Validators | null) => {
    const runId = await insertRun(db, {
      source,
      location,
      sha256: was.sha256,
      bytes: was.bytes,
      started_at: startedAt,
      finished_at: new Date().toISOString(),
      outcome: 'unchanged',
      error: null,
      records_seen: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      etag: validators?.etag ?? was.etag,
      last_modified: validators?.lastModified ?? was.lastModified,
    });
    const result: RefreshResult = {
      outcome: 'unchanged',
      runId,
      source,
      sameAs: was.runId,
      how,
      sha256: was.sha256,
      durationMs: Date.now() - started,
    };
    return result;
  };

  let artifact: Artifact;
  let validators: Validators | null = null;
  try {
    options.progress?.step('reading source');
    if (isUrl(location)) {
      const asked = previous && (previous.etag || previous.lastModified) ? previous : undefined;
      const fetched = await fetchToFile(location, {
        validators: asked && { etag: asked.etag, lastModified: asked.lastModified },
      });
      if (fetched.status === 'not-modified') return await unchanged('HTTP 304', asked!, fetched.validators);
      try {
        validators = fetched.validators;
        if (previous && previous.sha256 === fetched.sha256) {
          return await unchanged('same SHA-256', previous, validators);
        }
        artifact = await readDownloaded(location, fetched);
      } finally {
        await fetched.remove();
      }
    } else {
      artifact = await readArtifact(location);
      if (previous && previous.sha256 === artifact.sha256)
        return await unchanged('same SHA-256', previous, null);
    }
  } catch (error) {
    const run = { source, location, sha256: null, bytes: null, startedAt };
    return (await recordFailedRun(db, run, (error as Error).message, started)) as RefreshResult;
  }

  const read = artifact;
  const summary = await withArtifact(read, () =>
    runIngestion(storage, {
      source,
      location,
      load: () => job.load({ from: location, clubs: job.clubs }),
      progress: options.progress,
      // The run started with the read above: its time, for the run's record and for the normalizer.
      clock: () => new Date(started),
    }),
  );
  if (summary.outcome === 'succeeded' && validators) {
    // Only the next refresh's conditional request needs them: without them it downloads once more.
    await setRunValidators(db, summary.runId, validators).catch(() => undefined);
  }
  return summary as RefreshResult;
}
