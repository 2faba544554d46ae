import type { findRun, RunRow } from '../../storage/repositories/ingestion-run.repository.js';

// `runs --json`: each field named and converted here, not the stored row spread, so that a new column
// or an engine returning a number as a string (PostgreSQL's bigint) does not change the output.

type Found = NonNullable<Awaited<ReturnType<typeof findRun>>>;

const count = (value: number | string | null) => (value === null ? null : Number(value));

export function runJson(run: RunRow) {
  return {
    id: Number(run.id),
    source: run.source,
    location: run.location,
    outcome: run.outcome,
    error: run.error,
    started_at: run.started_at,
    finished_at: run.finished_at,
    sha256: run.sha256,
    bytes: count(run.bytes),
    etag: run.etag,
    last_modified: run.last_modified,
    records_seen: Number(run.records_seen),
    inserted: Number(run.inserted),
    updated: Number(run.updated),
    unchanged: Number(run.unchanged),
    rejected: Number(run.rejected),
  };
}

export function runDetailJson({ run, artifacts, rejections }: Found) {
  return {
    ...runJson(run),
    artifacts: artifacts.map((a) => ({
      uri: a.uri,
      sha256: a.sha256,
      bytes: Number(a.bytes),
      retrieved_at: a.retrieved_at,
      records_seen: Number(a.records_seen),
      inserted: Number(a.inserted),
      updated: Number(a.updated),
      unchanged: Number(a.unchanged),
      rejected: Number(a.rejected),
    })),
    rejections: rejections.map((r) => ({
      artifact_uri: r.artifact_uri,
      record_ref: r.record_ref,
      reason: r.reason,
    })),
  };
}
