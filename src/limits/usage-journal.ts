import fs from 'node:fs';
import path from 'node:path';

/** One counted admission as journalled: what UsageLedger.record or recordWindow was given. */
export interface JournalEntry {
  keyId: string;
  /** The billing period's start (ms); undefined for a window-only count. */
  periodStart: number | undefined;
  count: number;
  /** When it was admitted (ms); undefined for a period count without a window. */
  at: number | undefined;
}

/** Files are `<pid>.<sequence>.journal`: the pid tells whose they are, the sequence their order. */
const FILE = /^(\d+)\.(\d+)\.journal$/;
const KEY_ID = /^[\w-]+$/;

function owner(name: string): number | undefined {
  const match = FILE.exec(name);
  return match ? Number(match[1]) : undefined;
}

/** Whether a process with this pid runs (one we may not signal runs too). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Reads a journal's lines back; a torn or foreign line (a machine crash mid-write) is skipped. */
export function parseJournal(text: string): JournalEntry[] {
  const entries: JournalEntry[] = [];
  // Only whole lines: a last line without its newline was not written in full.
  const lines = text.split('\n');
  lines.pop();
  for (const line of lines) {
    const [keyId, period, count, at, extra] = line.split('\t');
    if (extra !== undefined || !keyId || !KEY_ID.test(keyId)) continue;
    const periodStart = period === '' ? undefined : Number(period);
    const admittedAt = at === '' ? undefined : Number(at);
    const counted = Number(count);
    if (!Number.isSafeInteger(counted) || counted <= 0) continue;
    if (periodStart !== undefined && !Number.isSafeInteger(periodStart)) continue;
    if (admittedAt !== undefined && !Number.isSafeInteger(admittedAt)) continue;
    if (periodStart === undefined && admittedAt === undefined) continue;
    entries.push({ keyId, periodStart, count: counted, at: admittedAt });
  }
  return entries;
}

/**
 * An append-only record of the admissions a UsageLedger counted and has not yet written to the database,
 * so that a process killed between two writes (SIGKILL, the OOM killer) loses none of them: the next
 * process on the same database replays them before it decides anything.
 *
 * Cheap on the hot path: an admission is kept in memory, and every admission of one synchronous step (one
 * IPC message of the cluster primary: a check, or a worker's report of its leases) goes to the file in one
 * write, made in a microtask queued by the step's first admission. That microtask runs before any promise
 * the step resolves, so before the primary's answer to that check is sent: an answer that admitted a
 * request is only sent once the admission is in the kernel. No fsync: a killed process loses nothing the
 * kernel holds, only a machine crash can lose the pages it has not written out.
 *
 * Bounded by the ledger's writes: each one seals the file being appended to and starts another; once the
 * database has the counts, the sealed files are deleted (`release`). A file holds at most one line (about
 * 50 bytes) per check the primary admitted, or per run of leased requests a worker reported, since the
 * last successful write; while the database refuses writes the files grow as the ledger's own pending
 * counts do, until a write succeeds.
 */
export class UsageJournal {
  private keys: string[] = [];
  /** Per entry: period start (NaN: none), count, admitted at (NaN: none). */
  private figures: number[] = [];
  private scheduled = false;
  private sequence = 0;
  private fd: number | undefined;
  private current: string | undefined;
  /** Files whose counts are in the ledger but not yet known to be in the database, oldest first. */
  private sealed: string[] = [];
  private failing = false;
  private readonly writeSoon = () => this.write();

  constructor(
    readonly dir: string,
    private readonly onError: (error: Error) => void = () => undefined,
    private readonly pid = process.pid,
  ) {}

  /**
   * The entries left by processes that ended without writing them (this pid's own files are an earlier
   * process's: pids are reused, a container's primary often has the same one); their files are taken
   * over as sealed, deleted by the first `release` after the ledger has written what they hold. Files of
   * a process still running (another server on this database) are left to it.
   */
  adoptLeftovers(): JournalEntry[] {
    fs.mkdirSync(this.dir, { recursive: true });
    const entries: JournalEntry[] = [];
    const names = fs
      .readdirSync(this.dir)
      .filter((name) => {
        const pid = owner(name);
        return pid !== undefined && (pid === this.pid || !running(pid));
      })
      .sort((a, b) => Number(FILE.exec(a)![2]) - Number(FILE.exec(b)![2]));
    for (const name of names) {
      const file = path.join(this.dir, name);
      entries.push(...parseJournal(fs.readFileSync(file, 'utf8')));
      this.sealed.push(file);
    }
    const mine = names.filter((name) => owner(name) === this.pid).map((n) => Number(FILE.exec(n)![2]));
    // This process's new files must not take the names of the adopted ones.
    this.sequence = Math.max(0, ...mine);
    return entries;
  }

  /** Journals one admission; written with the others of this synchronous step. */
  append(keyId: string, periodStart: number | undefined, count: number, at: number | undefined): void {
    this.keys.push(keyId);
    this.figures.push(periodStart ?? Number.NaN, count, at ?? Number.NaN);
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(this.writeSoon);
    }
  }

  /** Writes what is buffered to the current file, opened on its first line. */
  write(): void {
    this.scheduled = false;
    if (this.keys.length === 0) return;
    let text = '';
    for (let i = 0; i < this.keys.length; i += 1) {
      const period = this.figures[i * 3]!;
      const at = this.figures[i * 3 + 2]!;
      text += `${this.keys[i]}\t${Number.isNaN(period) ? '' : period}\t${this.figures[i * 3 + 1]}\t${Number.isNaN(at) ? '' : at}\n`;
    }
    this.keys = [];
    this.figures = [];
    try {
      if (this.fd === undefined) {
        this.sequence += 1;
        this.current = path.join(this.dir, `${this.pid}.${this.sequence}.journal`);
        this.fd = fs.openSync(this.current, 'a');
      }
      fs.writeSync(this.fd, text);
      this.failing = false;
    } catch (error) {
      // The counts stay in the ledger and reach the database at its next write; only their protection
      // against a kill is lost meanwhile. Said once per run of failures, not once per request.
      if (!this.failing) this.onError(error as Error);
      this.failing = true;
    }
  }

  /**
   * Ends the current file (after writing what is buffered): what follows goes to a new one. Called as the
   * ledger takes its pending counts to write them; returns how many files those counts are in.
   */
  seal(): number {
    this.write();
    if (this.fd !== undefined) {
      fs.closeSync(this.fd);
      this.sealed.push(this.current!);
      this.fd = undefined;
      this.current = undefined;
    }
    return this.sealed.length;
  }

  /** The database has the counts of the first `files` sealed files: they go. */
  release(files: number): void {
    for (const file of this.sealed.splice(0, files)) fs.rmSync(file, { force: true });
  }

  /** Files on disk now (sealed, and the one being appended to), for diagnostics and tests. */
  get files(): number {
    return this.sealed.length + (this.fd === undefined ? 0 : 1);
  }

  /** Writes what is buffered and closes the current file; it stays, to be replayed, unless released. */
  close(): void {
    this.seal();
  }
}

/**
 * Where the cluster primary journals for a database: a folder beside a SQLite file. None for an in-memory
 * database (nothing outlives the process) nor for PostgreSQL (several hosts share it; each primary's
 * counts trail by at most TOUCHLINE_USAGE_FLUSH_MS there, docs/deployment.md).
 */
export function usageJournalDir(databaseUrl: string): string | undefined {
  if (!databaseUrl.startsWith('sqlite:')) return undefined;
  const file = databaseUrl.slice('sqlite:'.length);
  return file === ':memory:' ? undefined : `${file}-usage-journal`;
}
