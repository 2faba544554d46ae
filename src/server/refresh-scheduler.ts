import { spawn, type ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';
import type { Config, RefreshSchedule } from '../config/config.js';
import { backoffDelay } from '../ingest/backoff.js';
import { SKIPPED_EXIT_CODE } from '../ingest/ingestion-lock.js';
import { FailureStreaks } from '../logging/failure-streaks.js';
import { openStorage, type Storage } from '../storage/connection.js';
import { sourceRunState, type SourceRunState } from '../storage/repositories/ingestion-run.repository.js';
import { cliCommand } from './background-ingestion.js';

/** How one refresh of a source ended, as its process said. */
export interface RefreshExit {
  code: number | null;
  /** The last line it wrote, which says what happened. */
  lastLine: string;
}

/** Runs one refresh of a source (by default `touchline refresh <source> --if-idle` in a child process). */
export type RunRefresh = (source: string) => { done: Promise<RefreshExit>; stop(): void };

export interface SchedulerOptions {
  /** Settles when the first start's background ingestion is over; nothing is scheduled before. */
  after?: Promise<unknown>;
  run?: RunRefresh;
  random?: () => number;
}

/** After another ingestion was found running, the source is looked at again after this (at most). */
const BUSY_RECHECK_MS = 30_000;
/** While the runs cannot be read, they are read again after this. */
const STATE_RETRY_MS = 30_000;
/** A due time further than this is not waited for in one timer (timers overflow past 24.8 days). */
const LONGEST_WAIT_MS = 60 * 60 * 1000;
/** Output kept from a refresh process: enough for its last lines. */
const OUTPUT_TAIL = 4096;

/**
 * The default RunRefresh: `touchline refresh <source> --if-idle --quiet` in a child process, so the
 * serving process keeps answering while the run reads, parses and holds the write transaction. The
 * child inherits the environment and so reads the same configuration.
 */
export const refreshInChild: RunRefresh = (source) => {
  let child: ChildProcess | undefined = spawn(
    process.execPath,
    [...cliCommand(), 'refresh', source, '--if-idle', '--quiet'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-OUTPUT_TAIL);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const done = new Promise<RefreshExit>((resolve) => {
    child!.once('error', (error) => resolve({ code: null, lastLine: error.message }));
    child!.once('close', (code) => {
      child = undefined;
      resolve({ code, lastLine: output.trim().split('\n').pop() ?? '' });
    });
  });
  return { done, stop: () => child?.kill('SIGTERM') };
};

interface JobMemory {
  /** The retry delay drawn for a failed run (by run ID), so that its jitter is drawn once. */
  retry?: { runId: number; ms: number };
  /** Not before this (ms): another ingestion was running, or a refresh ended without recording a run. */
  holdUntil: number;
  /** Refreshes in a row that ended without recording a run (the process could not even start one). */
  unrecorded: number;
}

/**
 * Re-ingests the configured sources on their schedule (TOUCHLINE_REFRESH), from the one process of an
 * instance that does not serve HTTP itself when there are workers (the cluster primary), else the
 * serving process. When a source is due is read from the database, so instances sharing it, restarts and
 * runs by hand all count: its newest run's end plus its interval, or, after failed runs, plus a backoff
 * doubling from TOUCHLINE_REFRESH_RETRY_MIN to TOUCHLINE_REFRESH_RETRY_MAX with jitter. Sources are
 * refreshed one at a time; each refresh takes the ingestion lock or, if another ingestion holds it, is
 * skipped and looked at again shortly. A failure is logged once per streak, and never stops serving.
 */
export class RefreshScheduler {
  private stopped = false;
  private storage: Storage | undefined;
  private wake: (() => void) | undefined;
  private current: ReturnType<RunRefresh> | undefined;
  private readonly memory = new Map<string, JobMemory>();
  private readonly streaks: FailureStreaks;
  private readonly run: RunRefresh;
  private readonly random: () => number;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly config: Readonly<Config>,
    private readonly log: Logger,
    private readonly options: SchedulerOptions = {},
  ) {
    this.run = options.run ?? refreshInChild;
    this.random = options.random ?? Math.random;
    // A streak ends when a refresh works again, not after a quiet spell: retries may be an hour apart.
    this.streaks = new FailureStreaks(log, Math.max(10 * 60_000, 2 * config.refreshRetryMaxMs));
    for (const job of config.refresh) this.memory.set(job.source, { holdUntil: 0, unrecorded: 0 });
  }

  start(): void {
    if (this.loop || this.config.refresh.length === 0) return;
    this.log.info(
      { refresh: this.config.refresh.map((j) => `${j.source}=${Math.round(j.intervalMs / 1000)}s`) },
      'scheduled refresh on',
    );
    this.loop = this.schedule().catch((error: unknown) => {
      this.log.error({ err: error }, 'scheduled refresh stopped by an unexpected error');
    });
  }

  /** Stops scheduling, ends a refresh under way (its transaction rolls back), and closes the database. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.current?.stop();
    await this.loop;
    this.streaks.close();
    await this.storage?.close().catch(() => undefined);
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      // The schedule alone does not keep a process alive: the server (or the workers) does.
      const timer = setTimeout(done, Math.min(Math.max(ms, 0), LONGEST_WAIT_MS)).unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async state(source: string): Promise<SourceRunState | undefined> {
    this.storage ??= openStorage(this.config.databaseUrl, { create: false });
    return sourceRunState(this.storage.db, source);
  }

  /** When `job` is due (ms), from its newest run; a failed run's backoff is drawn once per run. */
  private dueAt(job: RefreshSchedule, state: SourceRunState | undefined): number {
    const memory = this.memory.get(job.source)!;
    if (!state) return memory.holdUntil;
    const ended = Date.parse(state.newestFinishedAt ?? state.newestStartedAt);
    let due = ended + job.intervalMs;
    if (state.consecutiveFailures > 0) {
      if (memory.retry?.runId !== state.newestRunId) {
        memory.retry = { runId: state.newestRunId, ms: this.retryDelay(state.consecutiveFailures) };
      }
      due = ended + memory.retry.ms;
    }
    return Math.max(due, memory.holdUntil);
  }

  private retryDelay(failures: number): number {
    const { refreshRetryMinMs: baseMs, refreshRetryMaxMs: capMs } = this.config;
    return backoffDelay(failures, { baseMs, capMs }, this.random);
  }

  private async schedule(): Promise<void> {
    await this.options.after?.catch(() => undefined);
    while (!this.stopped) {
      let next: { job: RefreshSchedule; at: number; state: SourceRunState | undefined } | undefined;
      try {
        for (const job of this.config.refresh) {
          const state = await this.state(job.source);
          const at = this.dueAt(job, state);
          if (!next || at < next.at) next = { job, at, state };
        }
        this.streaks.recovered('refresh-state');
      } catch (error) {
        this.streaks.failed('refresh-state', 'scheduled refresh: cannot read the ingestion runs', error);
        await this.pause(STATE_RETRY_MS);
        continue;
      }
      const wait = next!.at - Date.now();
      if (wait > 0) {
        // Looked at again when due: another instance, or a run by hand, may have refreshed it meanwhile.
        await this.pause(wait);
        continue;
      }
      await this.refresh(next!.job, next!.state);
    }
  }

  private async refresh(job: RefreshSchedule, before: SourceRunState | undefined): Promise<void> {
    const { source } = job;
    const memory = this.memory.get(source)!;
    this.log.debug({ source }, 'scheduled refresh started');
    this.current = this.run(source);
    const exit = await this.current.done;
    this.current = undefined;
    if (this.stopped) return;
    if (exit.code === SKIPPED_EXIT_CODE) {
      memory.holdUntil = Date.now() + Math.min(job.intervalMs, BUSY_RECHECK_MS);
      this.log.debug({ source }, 'scheduled refresh skipped: another ingestion is running');
      return;
    }
    const after = await this.state(source).catch(() => undefined);
    const recorded = after !== undefined && after.newestRunId !== before?.newestRunId;
    if (exit.code === 0) {
      memory.unrecorded = 0;
      memory.holdUntil = 0;
      this.streaks.recovered(source);
      this.log.info({ source }, exit.lastLine || 'scheduled refresh done');
      return;
    }
    const failures = recorded ? after.consecutiveFailures : (before?.consecutiveFailures ?? 0);
    if (recorded) {
      memory.unrecorded = 0;
      memory.holdUntil = 0;
    } else {
      // Nothing recorded (the process could not start a run): back off on this process's own count.
      memory.unrecorded += 1;
      memory.holdUntil = Date.now() + this.retryDelay(memory.unrecorded);
    }
    this.streaks.failed(
      source,
      `scheduled refresh of ${source} failing; serving the data already ingested`,
      new Error(exit.lastLine || `exit code ${exit.code}`),
    );
    const due = this.dueAt(job, recorded ? after : before);
    const retryInMs = Math.max(0, due - Date.now());
    this.log.debug(
      {
        source,
        failures: Math.max(failures, memory.unrecorded),
        // When, as well as how soon from now: the delay drawn is `retryAt` less the run's end.
        retryAt: new Date(due).toISOString(),
        retryInMs,
        reason: exit.lastLine,
      },
      'scheduled refresh failed: next attempt',
    );
  }
}

/** Starts the refresh schedule of `config` (nothing when TOUCHLINE_REFRESH schedules no source). */
export function startRefresher(
  config: Readonly<Config>,
  log: Logger,
  options: SchedulerOptions = {},
): RefreshScheduler | undefined {
  if (config.refresh.length === 0) return undefined;
  const scheduler = new RefreshScheduler(config, log, options);
  scheduler.start();
  return scheduler;
}
