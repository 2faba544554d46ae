import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Config } from '../../config/config.js';
import { backupPartialFile, expectedBackupBytes, type BackupResult } from '../../storage/sqlite-backup.js';
import { MissingDatabaseError } from '../../storage/sqlite-file.js';
import { printJson } from '../json-output.js';
import { createProgress } from '../progress-output.js';
import { explainMissingDatabase } from '../with-storage.js';
import { embeddedDatabaseFile, POSTGRES_BACKUP_DOCS } from './embedded-database.js';

const ON_POSTGRES =
  'backup copies the embedded SQLite database; DATABASE_URL is PostgreSQL, whose own tool makes a ' +
  'consistent copy while it serves: pg_dump --format=custom --file=<file> "$DATABASE_URL" ' +
  `(${POSTGRES_BACKUP_DOCS})`;

/** How often the copy's size is looked at for the progress. */
const POLL_MS = 200;
const MiB = 1_048_576;

type WorkerAnswer = { result: BackupResult } | { error: { kind: string; message: string } };

/** Runs the copy in backup-worker.ts, reporting its size against the expected one until it is done. */
async function copyWithProgress(
  database: string,
  file: string,
  force: boolean,
  quiet: boolean,
): Promise<BackupResult> {
  const progress = quiet ? undefined : createProgress(process.stderr, { prefix: 'backup' });
  const expected = Math.max(1, Math.ceil(expectedBackupBytes(database) / MiB));
  const partial = backupPartialFile(file);
  progress?.step(`copying ${database}`);
  const timer = setInterval(() => {
    const bytes = fs.statSync(partial, { throwIfNoEntry: false })?.size ?? 0;
    // The copy can end a little over the estimate (page headers, the schema): never past 100 % until done.
    progress?.advance(Math.min(expected - 1, Math.floor(bytes / MiB)), expected, '', 'MiB');
  }, POLL_MS);
  try {
    const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
      const worker = new Worker(new URL('./backup-worker.js', import.meta.url), {
        workerData: { database, file, force },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the backup stopped (worker exit ${code})`)));
    });
    if ('error' in answer) {
      const { kind, message } = answer.error;
      if (kind === 'not-touchline') {
        throw new Error(`${database} is not a Touchline database (DATABASE_URL): ${message}`);
      }
      throw kind === 'missing'
        ? explainMissingDatabase(new MissingDatabaseError(database))
        : new Error(message);
    }
    // What was copied, in the end: the estimate counted pages, the file has what VACUUM INTO made of them.
    const copied = Math.max(1, Math.ceil(answer.result.bytes / MiB));
    progress?.advance(copied, copied, '', 'MiB');
    return answer.result;
  } finally {
    clearInterval(timer);
    progress?.done();
  }
}

/** `backup <file> [--force] [--quiet] [--json]`: a consistent copy of the SQLite database, taken while it is in use. */
export async function backupCommand(
  config: Readonly<Config>,
  file: string,
  options: { force?: boolean; quiet?: boolean; json?: boolean },
): Promise<number> {
  const database = embeddedDatabaseFile(config.databaseUrl, ON_POSTGRES);
  const result = await copyWithProgress(database, file, options.force === true, options.quiet === true);
  if (options.json) {
    printJson({ database, file: path.resolve(file), bytes: result.bytes, schema: result.schema });
    return 0;
  }
  const mib = (result.bytes / MiB).toFixed(1);
  process.stdout.write(
    `backup: ${database} copied to ${path.resolve(file)} (${mib} MiB, schema ${result.schema})\n`,
  );
  return 0;
}
