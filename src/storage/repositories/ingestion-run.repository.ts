import type { Kysely, Transaction } from 'kysely';
import type {
  Database,
  IngestionArtifactTable,
  IngestionRejectionTable,
  IngestionRunTable,
} from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type NewRun = Omit<IngestionRunTable, 'id'> & { outcome: 'succeeded' | 'failed' };
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

/** The newest successful run: its ID is the dataset generation that response caches are keyed on. */
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

/**
 * The dataset generation: the newest successful run's ID and finish time. The time makes it unique
 * across databases too, so caches shared by several deployments (or a database rebuilt from scratch)
 * never confuse their generations. "0" before any successful run.
 */
export async function datasetGeneration(db: Db): Promise<string> {
  const row = await db
    .selectFrom('ingestion_runs')
    .select(['id', 'finished_at'])
    .where('outcome', '=', 'succeeded')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? `${row.id}.${Date.parse(row.finished_at ?? '') || 0}` : '0';
}
