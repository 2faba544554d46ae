import type { Config } from '../config/config.js';
import { withDownloadPolicy, type DownloadPolicy, type RedirectHop } from '../ingest/artifacts/download.js';
import type { Progress } from '../ingest/progress.js';
import { holdIngestionLock } from '../ingest/ingestion-lock.js';
import { openStorage, type OpenOptions, type Storage } from '../storage/connection.js';
import { migrateToLatest } from '../storage/migrations/migrate.js';
import { MissingDatabaseError } from '../storage/sqlite-file.js';

/**
 * Opens an existing database. Only `migrate` and `serve` create one: a command run after the file was
 * deleted (under a running server, say) must not leave a new empty database where it was.
 */
function openExisting(config: Readonly<Config>, options: OpenOptions = {}): Storage {
  try {
    return openStorage(config.databaseUrl, { ...options, create: false });
  } catch (error) {
    throw explainMissingDatabase(error);
  }
}

/** A MissingDatabaseError as the command line reports it (what to do about it); any other error as is. */
export function explainMissingDatabase(error: unknown): unknown {
  if (!(error instanceof MissingDatabaseError)) return error;
  return new Error(
    `${error.message} (DATABASE_URL); run "touchline migrate" to create it, or check the path`,
  );
}

/** Opens storage, brings its schema up to date, runs `work`, and always closes the connection. */
export async function withStorage<T>(
  config: Readonly<Config>,
  work: (storage: Storage) => Promise<T>,
): Promise<T> {
  const storage = openExisting(config);
  try {
    await migrateToLatest(storage);
    return await work(storage);
  } finally {
    await storage.close();
  }
}

export interface IngestionLockOptions {
  /** What the run is, as whoever waits for it is told (`ingest openfootball`). */
  purpose: string;
  /** How long to wait for another ingestion (ms). */
  waitMs: number;
  /** Skip the run (`null`) instead of waiting when another ingestion holds the lock (PostgreSQL). */
  skipIfBusy?: boolean;
  /** Called when the run has to wait, with who it waits for. */
  onWait?: (holder: string) => void;
  /** Where the run's progress goes: downloads report the MiB received of their length to it. */
  progress?: Progress;
}

const MiB = 1_048_576;

/** A download's bytes as progress, in whole MiB, told only when that number changes. */
function downloadProgress(progress: Progress | undefined): DownloadPolicy['onReceived'] {
  if (!progress) return undefined;
  let told = -1;
  return (bytes, total) => {
    const done = bytes >= total ? Math.ceil(total / MiB) : Math.floor(bytes / MiB);
    if (done === told) return;
    told = done;
    progress.advance(done, Math.max(1, Math.ceil(total / MiB)), '', 'MiB');
  };
}

/**
 * Runs one ingestion with the ingestion lock held (see ingestion-lock.ts): on PostgreSQL an advisory
 * lock for the whole run, waited for up to `waitMs` (or not at all with `skipIfBusy`: the answer is then
 * null); on SQLite the write lock, which each of the run's transactions takes when it begins, waiting
 * up to `waitMs` whatever `skipIfBusy` says.
 */
export async function withIngestionLock<T>(
  config: Readonly<Config>,
  options: IngestionLockOptions,
  work: (storage: Storage) => Promise<T>,
): Promise<{ result: T } | null> {
  const storage = openExisting(config, {
    writeLock: {
      waitMs: options.waitMs,
      onWait: () => options.onWait?.('another process writing to the database'),
    },
  });
  try {
    await migrateToLatest(storage);
    const lock = await holdIngestionLock(storage.engine, config.databaseUrl, options.purpose, {
      waitMs: options.skipIfBusy ? 0 : options.waitMs,
      onWait: options.onWait,
    });
    if (!lock) return null;
    // Every download of the run keeps to the configured deadline, size cap and redirect rule, and each
    // redirect it follows is printed, so that where an artifact really came from is never silent.
    const policy: DownloadPolicy = {
      ...config.download,
      onReceived: downloadProgress(options.progress),
      onRedirect: (hop: RedirectHop) =>
        process.stderr.write(`${options.purpose}: HTTP ${hop.status} redirect: ${hop.from} -> ${hop.to}\n`),
    };
    try {
      return { result: await withDownloadPolicy(policy, () => work(storage)) };
    } finally {
      await lock.release();
    }
  } finally {
    await storage.close();
  }
}
