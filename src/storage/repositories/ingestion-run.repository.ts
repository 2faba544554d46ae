import type { Kysely, Transaction } from 'kysely';
import type {
  Database,
  IngestionArtifactTable,
  IngestionRejectionTable,
  IngestionRunTable,
} from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * How a run ended. `unchanged`: a refresh found the artifact it would read to be the one a run already
 * ingested (HTTP 304 to a conditional request, or the same SHA-256); nothing was parsed or written.
 */
export type RunOutcome = 'succeeded' | 'unchanged' | 'failed';

export type NewRun = Omit<IngestionRunTable, 'id' | 'etag' | 'last_modified'> & {
  outcome: RunOutcome;
  etag?: string | null;
  last_modified?: string | null;
};
export type NewArtifact = Omit<IngestionArtifactTable, 'run_id' | 'seq'>;
export type NewRejection = Omit<IngestionRejectionTable, 'run_id' | 'seq'>;

const CHUNK = 1000;

export async function insertRun(
  db: Db,
  run: NewRun,
  artifacts: NewArtifact[] = [],
  rejections: NewRejection[] = [],
): Promise<number> {
  const { id } = await db.insertInto('ingestion_runs').values(run).returning('id').executeTakeFirstOrThrow();
  const runId = Number(id);
  const artifactRows = artifacts.map((a, seq) => ({ ...a, run_id: runId, seq }));
  for (let i = 0; i < artifactRows.length; i += CHUNK) {
    await db
      .insertInto('ingestion_artifacts')
      .values(artifactRows.slice(i, i + CHUNK))
      .execute();
  }
  const rejectionRows = rejections.map((r, seq) => ({ ...r, run_id: runId, seq }));
  for (let i = 0; i < rejectionRows.length; i += CHUNK) {
    await db
      .insertInto('ingestion_rejections')
      .values(rejectionRows.slice(i, i + CHUNK))
      .execute();
  }
  return runId;
}

export type RunRow = Omit<IngestionRunTable, 'id'> & { id: number };

// `bytes` is a bigint column, which PostgreSQL's driver returns as a string (SQLite as a number); callers
// get a number on both engines.
function withNumericBytes<T extends { bytes: number | string | null }>(row: T): T {
  return row.bytes === null ? row : { ...row, bytes: Number(row.bytes) };
}

export async function listRuns(db: Db, limit = 50): Promise<RunRow[]> {
  const runs = await db.selectFrom('ingestion_runs').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return runs.map(withNumericBytes);
}

export async function findRun(db: Db, id: number) {
  const stored = await db.selectFrom('ingestion_runs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!stored) return undefined;
  const run = withNumericBytes(stored);
  const artifacts = (
    await db.selectFrom('ingestion_artifacts').selectAll().where('run_id', '=', id).orderBy('seq').execute()
  ).map(withNumericBytes);
  const rejections = await db
    .selectFrom('ingestion_rejections')
    .selectAll()
    .where('run_id', '=', id)
    .orderBy('seq')
    .execute();
  return { run, artifacts, rejections };
}

/** The newest successful run. */
export async function latestSuccessfulRun(db: Db) {
  const run = await db
    .selectFrom('ingestion_runs')
    .selectAll()
    .where('outcome', '=', 'succeeded')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return run && withNumericBytes(run);
}

/** The artifact a run read from a location, as the next refresh of that location compares against. */
export interface IngestedArtifact {
  runId: number;
  sha256: string | null;
  bytes: number | null;
  etag: string | null;
  lastModified: string | null;
}

/** What the newest run that ingested `location` for `source`, or found it unchanged, read from it. */
export async function lastIngestedArtifact(
  db: Db,
  source: string,
  location: string,
): Promise<IngestedArtifact | undefined> {
  const row = await db
    .selectFrom('ingestion_runs')
    .select(['id', 'sha256', 'bytes', 'etag', 'last_modified'])
    .where('source', '=', source)
    .where('location', '=', location)
    .where('outcome', 'in', ['succeeded', 'unchanged'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    runId: Number(row.id),
    sha256: row.sha256,
    bytes: row.bytes === null ? null : Number(row.bytes),
    etag: row.etag,
    lastModified: row.last_modified,
  };
}

/** Stores the validators the server sent with a run's main artifact. */
export async function setRunValidators(
  db: Db,
  runId: number,
  validators: { etag: string | null; lastModified: string | null },
): Promise<void> {
  await db
    .updateTable('ingestion_runs')
    .set({ etag: validators.etag, last_modified: validators.lastModified })
    .where('id', '=', runId)
    .execute();
}

/** Where a source stands: its newest run, and how many runs in a row have failed up to it. */
export interface SourceRunState {
  source: string;
  newestRunId: number;
  newestOutcome: RunOutcome;
  newestStartedAt: string;
  newestFinishedAt: string | null;
  /** Failed runs since the newest run that succeeded or found the source unchanged (0 if it did). */
  consecutiveFailures: number;
  /** The newest run that succeeded or found the source unchanged: when the source was last current. */
  lastCheckedAt: string | null;
  /** The newest failed run's error, if the newest run failed. */
  lastError: string | null;
}

/** Failures in a row are counted up to this many; the backoff is at its cap long before. */
const FAILURES_COUNTED = 64;

export async function sourceRunState(db: Db, source: string): Promise<SourceRunState | undefined> {
  const runs = await db
    .selectFrom('ingestion_runs')
    .select(['id', 'outcome', 'started_at', 'finished_at', 'error'])
    .where('source', '=', source)
    .orderBy('id', 'desc')
    .limit(FAILURES_COUNTED)
    .execute();
  const newest = runs[0];
  if (!newest) return undefined;
  let failures = 0;
  while (failures < runs.length && runs[failures]!.outcome === 'failed') failures += 1;
  let lastCheckedAt = runs[failures]?.finished_at ?? null;
  if (failures === runs.length) {
    const checked = await db
      .selectFrom('ingestion_runs')
      .select('finished_at')
      .where('source', '=', source)
      .where('outcome', 'in', ['succeeded', 'unchanged'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    lastCheckedAt = checked?.finished_at ?? null;
  }
  return {
    source,
    newestRunId: Number(newest.id),
    newestOutcome: newest.outcome as RunOutcome,
    newestStartedAt: newest.started_at,
    newestFinishedAt: newest.finished_at,
    consecutiveFailures: failures,
    lastCheckedAt,
    lastError: newest.outcome === 'failed' ? newest.error : null,
  };
}

/** The newest run of any outcome ("0" before any): what the refresh state shown by the API follows. */
export async function newestRunId(db: Db): Promise<string> {
  const row = await db
    .selectFrom('ingestion_runs')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return String(row?.id ?? 0);
}
