import type { Kysely } from 'kysely';
import { Counter, Gauge, type Registry } from 'prom-client';
import { latestSuccessfulRun } from '../storage/repositories/ingestion-run.repository.js';
import {
  runStatistics,
  type SourceRunStatistics,
} from '../storage/repositories/run-statistics.repository.js';
import { databaseAnswers } from '../storage/probe.js';
import type { Database } from '../storage/schema.js';

const seconds = (iso: string | null | undefined) => (iso ? Date.parse(iso) / 1000 : Number.NaN);

/**
 * What the instance as a whole shows at each scrape, read then from the database rather than counted in
 * a process (ingestion and refresh runs happen in the CLI too, and in the cluster primary): the dataset
 * generation, ingestion runs per source and outcome, each source's newest run, and whether the database
 * answers. Registered in the process that serves /metrics, once per instance.
 */
export function registerServiceMetrics(registry: Registry, db: Kysely<Database>): void {
  new Gauge({
    name: 'touchline_database_up',
    help: 'Whether the database answered a query within 1 s at this scrape (1) or not (0)',
    registers: [registry],
    async collect() {
      this.set((await databaseAnswers(db)) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'touchline_dataset_generation',
    help: 'ID of the newest successful ingestion run (0 before any)',
    registers: [registry],
    async collect() {
      const run = await latestSuccessfulRun(db).catch(() => undefined);
      this.set(run?.id ?? 0);
    },
  });
  // The four run metrics are collected at once (a registry collects in parallel): they share one read.
  let reading: Promise<SourceRunStatistics[]> | undefined;
  const statistics = () =>
    (reading ??= runStatistics(db)
      .catch(() => [])
      .finally(() => {
        reading = undefined;
      }));
  new Counter({
    name: 'touchline_ingestion_runs_total',
    help: 'Ingestion and refresh runs recorded in the database, by source and outcome',
    labelNames: ['source', 'outcome'],
    registers: [registry],
    async collect() {
      const stats = await statistics();
      this.reset();
      for (const source of stats) {
        for (const [outcome, count] of Object.entries(source.outcomes)) {
          this.labels(source.source, outcome).inc(count);
        }
      }
    },
  });
  new Gauge({
    name: 'touchline_ingestion_last_run_duration_seconds',
    help: "Duration of each source's newest finished run",
    labelNames: ['source'],
    registers: [registry],
    async collect() {
      const stats = await statistics();
      this.reset();
      for (const { source, latest } of stats) {
        if (latest.finished_at) {
          this.labels(source).set(seconds(latest.finished_at) - seconds(latest.started_at));
        }
      }
    },
  });
  new Gauge({
    name: 'touchline_ingestion_last_run_ok',
    help: "Whether each source's newest run succeeded or found its upstream unchanged (1) or failed (0)",
    labelNames: ['source'],
    registers: [registry],
    async collect() {
      const stats = await statistics();
      this.reset();
      for (const { source, latest } of stats) this.labels(source).set(latest.outcome === 'failed' ? 0 : 1);
    },
  });
  new Gauge({
    name: 'touchline_ingestion_last_success_timestamp_seconds',
    help: 'When each source last finished a successful or unchanged run (Unix time)',
    labelNames: ['source'],
    registers: [registry],
    async collect() {
      const stats = await statistics();
      this.reset();
      for (const { source, lastSucceededAt } of stats) {
        if (lastSucceededAt) this.labels(source).set(seconds(lastSucceededAt));
      }
    },
  });
}
