import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { datasetGeneration, newestRunId } from '../storage/repositories/ingestion-run.repository.js';
import { newestLiveSeq } from '../storage/repositories/live-event.repository.js';

/**
 * The dataset generation names the newest successful ingestion run and the newest applied live update
 * (`~<event ID>`, once there is one). Cached responses are keyed on it, so once a process has read a new
 * generation no response from an older one is served again. Each process re-reads it every `pollMs`:
 * that is the bound on how long an instance may serve the previous dataset after an ingestion finishes
 * or a live update is applied anywhere (a process that streams reads it again as soon as it sees the
 * update: src/stream).
 */
export class DatasetGeneration {
  private value = '0';
  private newestRun = '0';
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners: Array<(generation: string) => void> = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pollMs: number,
  ) {}

  get current(): string {
    return this.value;
  }

  /**
   * The generation and the newest run of any outcome: what an answer about the runs themselves (the
   * refresh state in /coverage/summary) is cached on, since an unchanged or failed run changes no data
   * and so no generation. Read with the generation; a change drops no cached answer.
   */
  get withRuns(): string {
    return `${this.value}+${this.newestRun}`;
  }

  onChange(listener: (generation: string) => void): void {
    this.listeners.push(listener);
  }

  async refresh(): Promise<string> {
    const run = await datasetGeneration(this.db);
    const live = await newestLiveSeq(this.db);
    const next = live > 0 ? `${run}~${live}` : run;
    this.newestRun = await newestRunId(this.db);
    if (next !== this.value) {
      this.value = next;
      for (const listener of this.listeners) listener(next);
    }
    return next;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.refresh().catch(() => undefined);
    }, this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
