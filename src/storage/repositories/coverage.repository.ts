import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { latestSuccessfulRun, sourceRunState, type RunOutcome } from './ingestion-run.repository.js';

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
  /** Where its newest successful run read it from; null without one. */
  location: string | null;
}

/** A source's refresh state: how its newest runs went (see sourceRunState). */
export interface SourceRefreshState {
  last_checked_at: string | null;
  last_attempt_at: string | null;
  last_outcome: RunOutcome;
  consecutive_failures: number;
}

/**
 * Freshness of the newest successful run per source, and of the dataset as a whole; each source also
 * with its refresh state. A source appears once it has a run, successful or not.
 */
export async function sourceFreshness(db: Kysely<Database>): Promise<{
  latest: SourceFreshness | null;
  sources: Array<SourceFreshness & SourceRefreshState>;
}> {
  const names = await db.selectFrom('ingestion_runs').select('source').distinct().execute();
  const succeeded = new Map(
    (
      await db
        .selectFrom('ingestion_runs')
        .select(['source', (eb) => eb.fn.max('id').as('id')])
        .where('outcome', '=', 'succeeded')
        .groupBy('source')
        .execute()
    ).map((r) => [r.source, Number(r.id)]),
  );
  const sources: Array<SourceFreshness & SourceRefreshState> = [];
  for (const { source } of names) {
    const id = succeeded.get(source);
    const run =
      id === undefined
        ? undefined
        : await db.selectFrom('ingestion_runs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const retrieved =
      run &&
      (await db
        .selectFrom('ingestion_artifacts')
        .select((eb) => eb.fn.max('retrieved_at').as('at'))
        .where('run_id', '=', run.id)
        .executeTakeFirst());
    const state = await sourceRunState(db, source);
    sources.push({
      source,
      last_success_at: run?.finished_at ?? null,
      artifact_retrieved_at: (retrieved?.at as string | null | undefined) ?? null,
      artifact_sha256: run?.sha256 ?? null,
      records_seen: run?.records_seen ?? null,
      location: run?.location ?? null,
      last_checked_at: state?.lastCheckedAt ?? null,
      last_attempt_at: state ? (state.newestFinishedAt ?? state.newestStartedAt) : null,
      last_outcome: state?.newestOutcome ?? 'failed',
      consecutive_failures: state?.consecutiveFailures ?? 0,
    });
  }
  const newest = await latestSuccessfulRun(db);
  const latest = sources.find((s) => newest && s.source === newest.source) ?? null;
  return { latest, sources: sources.sort((a, b) => a.source.localeCompare(b.source)) };
}
