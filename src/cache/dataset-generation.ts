import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { newestRunId } from '../storage/repositories/ingestion-run.repository.js';
import { readInvalidations, readRecordVersions } from '../storage/repositories/invalidation.repository.js';

/** Rows of the log read per query; a process further behind than a few pages reads the versions instead. */
const PAGE = 1000;
const PAGES = 10;

/**
 * Which version of the data each cached answer is of, from the invalidation log and the records' versions
 * (invalidation.repository.ts):
 * - an answer about a few records (a match and its sub-resources, a team, a competition, a season's table:
 *   src/api/answer-scope.ts) is of the newest change that named one of them, or of the newest change of
 *   everything if that came later: it stays cached while other records change;
 * - every other answer (lists, searches, coverage) is of the newest change of any kind.
 * A version is the change's sequence number after the time the newest change of everything was recorded:
 * the same on every process and instance (each reads the same database), and not another database's (two
 * deployments may share one Redis). Cached answers are keyed on their version, and their ETags made from
 * it, so once a process has read a change no answer it invalidates is served again. Each process reads
 * the log every `pollMs`: that is the bound on how long an instance may serve an answer a change made
 * stale (a process that streams reads it again as soon as it sees a live update: src/stream). What it
 * keeps is one number per record named since the newest change of everything: bounded by the dataset.
 */
/** A version: a change's sequence number and the text answers are keyed on, made once per change. */
interface Version {
  seq: number;
  text: string;
}

export class DatasetGeneration {
  /** The newest row of the log read; -1 before the versions are read. */
  private newest = -1;
  private epoch = '0';
  private latest: Version = { seq: 0, text: '0.0' };
  private everything: Version = this.latest;
  /** The records named since the newest change of everything; those named by one change share its Version. */
  private named = new Map<string, Version>();
  private newestRun = '0';
  private reading: Promise<string> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners: Array<(generation: string) => void> = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pollMs: number,
  ) {}

  /** The version of an answer about many records: the newest change of any kind. */
  get current(): string {
    return this.latest.text;
  }

  /**
   * The version of an answer about the records `ids` (see the class comment): the newest change that named
   * one of them, or of everything. No IDs: an answer about many records, of the newest change of any kind.
   */
  versionOf(ids: readonly string[]): string {
    // Every record named has a version after the newest change of everything (versions are read anew then).
    let version = ids.length === 0 ? this.latest : this.everything;
    for (const id of ids) {
      const named = this.named.get(id);
      if (named && named.seq > version.seq) version = named;
    }
    return version.text;
  }

  /**
   * The generation and the newest run of any outcome: what an answer about the runs themselves (the
   * refresh state in /coverage/summary) is cached on, since an unchanged or failed run changes no data.
   */
  get withRuns(): string {
    return `${this.current}+${this.newestRun}`;
  }

  /** Told when everything changed: every cached answer is then stale, and may as well be let go. */
  onChange(listener: (generation: string) => void): void {
    this.listeners.push(listener);
  }

  /** Reads the changes logged since the last read; one read at a time, callers meanwhile share it. */
  refresh(): Promise<string> {
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(): Promise<string> {
    const epoch = this.epoch;
    let follow = this.newest >= 0;
    for (let page = 0; follow; page += 1) {
      const { rows, gap } = await readInvalidations(this.db, this.newest, PAGE);
      if (gap || page === PAGES) {
        follow = false;
        break;
      }
      for (const { seq, invalidation } of rows) {
        if (invalidation.everything) {
          // When it was recorded is in the versions: read them rather than the log from here.
          follow = false;
          break;
        }
        const version = this.version(seq);
        for (const id of invalidation.records) this.named.set(id, version);
        this.newest = seq;
        this.latest = version;
      }
      if (rows.length < PAGE) break;
    }
    if (!follow) await this.readVersions();
    this.newestRun = await newestRunId(this.db);
    if (this.epoch !== epoch) for (const listener of this.listeners) listener(this.current);
    return this.current;
  }

  private async readVersions(): Promise<void> {
    const versions = await readRecordVersions(this.db);
    this.epoch = `${versions.everything.seq}-${Date.parse(versions.everything.at) || 0}`;
    this.newest = versions.newest;
    this.latest = this.version(versions.newest);
    this.everything = this.version(versions.everything.seq);
    const shared = new Map<number, Version>();
    this.named = new Map();
    for (const [id, seq] of versions.named) {
      let version = shared.get(seq);
      if (!version) shared.set(seq, (version = this.version(seq)));
      this.named.set(id, version);
    }
  }

  private version(seq: number): Version {
    return { seq, text: `${this.epoch}.${seq}` };
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
