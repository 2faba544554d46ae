import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** How many runs of a source ended with an outcome, and its newest run's figures. */
export interface SourceRunStatistics {
  source: string;
  outcomes: Record<string, number>;
  latest: { outcome: string; started_at: string; finished_at: string | null };
  lastSucceededAt: string | null;
}

/**
 * Per source: its runs counted by outcome, its newest run, and when its newest successful or unchanged
 * run finished (what an operator alerts on). Two grouped reads of the runs table, for metrics scrapes.
 */
export async function runStatistics(db: Kysely<Database>): Promise<SourceRunStatistics[]> {
  const counts = await db
    .selectFrom('ingestion_runs')
    .select(['source', 'outcome', (eb) => eb.fn.countAll<number | string>().as('runs')])
    .select((eb) => [eb.fn.max('id').as('newest'), eb.fn.max('finished_at').as('finished')])
    .groupBy(['source', 'outcome'])
    .execute();
  const newest = new Map<string, number>();
  for (const row of counts) newest.set(row.source, Math.max(newest.get(row.source) ?? 0, Number(row.newest)));
  const latest = newest.size
    ? await db
        .selectFrom('ingestion_runs')
        .select(['id', 'source', 'outcome', 'started_at', 'finished_at'])
        .where('id', 'in', [...newest.values()])
        .execute()
    : [];
  return latest.map((run) => {
    const mine = counts.filter((row) => row.source === run.source);
    const ok = mine.filter((row) => row.outcome !== 'failed' && row.finished !== null);
    return {
      source: run.source,
      outcomes: Object.fromEntries(mine.map((row) => [row.outcome, Number(row.runs)])),
      latest: { outcome: run.outcome, started_at: run.started_at, finished_at: run.finished_at },
      lastSucceededAt: ok.length
        ? ok
            .map((row) => String(row.finished))
            .sort()
            .at(-1)!
        : null,
    };
  });
}
