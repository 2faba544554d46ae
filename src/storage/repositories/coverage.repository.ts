import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { latestSuccessfulRun } from './ingestion-run.repository.js';

export interface CoverageCounts {
  competitions: number;
  seasons: number;
  teams: number;
  matches: number;
  completed_matches: number;
}

export async function coverageCounts(db: Kysely<Database>): Promise<CoverageCounts> {
  const count = async (table: 'competitions' | 'seasons' | 'teams') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  // Competitions carry their match and result counts, so the summary never scans the match table.
  const totals = await db
    .selectFrom('competitions')
    .select((eb) => [
      eb.fn.sum<number>('match_count').as('matches'),
      eb.fn.sum<number>('result_count').as('results'),
    ])
    .executeTakeFirstOrThrow();
  return {
    competitions: await count('competitions'),
    seasons: await count('seasons'),
    teams: await count('teams'),
    matches: Number(totals.matches ?? 0),
    completed_matches: Number(totals.results ?? 0),
  };
}

export interface SourceFreshness {
  source: string;
  last_success_at: string | null;
  artifact_retrieved_at: string | null;
  artifact_sha256: string | null;
  records_seen: number | null;
}

/** Freshness of the newest successful run per source, and of the dataset as a whole. */
export async function sourceFreshness(
  db: Kysely<Database>,
): Promise<{ latest: SourceFreshness | null; sources: SourceFreshness[] }> {
  const runs = await db
    .selectFrom('ingestion_runs')
    .select(['source', (eb) => eb.fn.max('id').as('id')])
    .where('outcome', '=', 'succeeded')
    .groupBy('source')
    .execute();
  const sources: SourceFreshness[] = [];
  for (const { id } of runs) {
    const run = await db
      .selectFrom('ingestion_runs')
      .selectAll()
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    const retrieved = await db
      .selectFrom('ingestion_artifacts')
      .select((eb) => eb.fn.max('retrieved_at').as('at'))
      .where('run_id', '=', run.id)
      .executeTakeFirst();
    sources.push({
      source: run.source,
      last_success_at: run.finished_at,
      artifact_retrieved_at: (retrieved?.at as string | null) ?? null,
      artifact_sha256: run.sha256,
      records_seen: run.records_seen,
    });
  }
  const newest = await latestSuccessfulRun(db);
  const latest = sources.find((s) => newest && s.source === newest.source) ?? null;
  return { latest, sources: sources.sort((a, b) => a.source.localeCompare(b.source)) };
}
