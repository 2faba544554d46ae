import { parentPort, workerData } from 'node:worker_threads';
import { backupSqlite } from '../../storage/sqlite-backup.js';
import { MissingDatabaseError } from '../../storage/sqlite-file.js';
import { NotTouchlineError } from '../../storage/sqlite-schema-level.js';

/**
 * The backup itself, in a worker thread: VACUUM INTO is one synchronous statement that may take minutes
 * on a large database, and the command's thread stays free meanwhile to draw the progress (backup.ts).
 * A failure is sent back by kind, since an error's class does not cross the thread.
 */
const { database, file, force } = workerData as { database: string; file: string; force: boolean };
try {
  parentPort!.postMessage({ result: backupSqlite(database, file, force) });
} catch (error) {
  const kind =
    error instanceof NotTouchlineError
      ? 'not-touchline'
      : error instanceof MissingDatabaseError
        ? 'missing'
        : 'other';
  parentPort!.postMessage({ error: { kind, message: (error as Error).message } });
}
