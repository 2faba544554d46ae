import cluster from 'node:cluster';
import { destination, pino } from 'pino';
import type { Config } from '../../config/config.js';
import { serve } from '../../server/cluster.js';
import { withDevelopmentTokenSecret } from '../../server/development-token-secret.js';
import { logKey } from '../../server/prepare-deployment.js';
import { keepRunningOnClosedOutput } from '../closed-output.js';
import { checkDatabaseFolder } from '../database-folder.js';

/** Serves until SIGTERM or SIGINT; the process then finishes in-flight requests and exits by itself. */
export async function serveCommand(
  given: Readonly<Config>,
  options: { workers?: number; json?: boolean },
): Promise<number> {
  keepRunningOnClosedOutput();
  // The first start creates the database: not in a folder that is not there (see database-folder.ts).
  checkDatabaseFolder(given.databaseUrl);
  // Development without a stream-token secret: the one kept beside the data (each worker reads the file
  // its primary wrote before forking it).
  const { config, file } = withDevelopmentTokenSecret(given);
  // Written asynchronously: with the access log on, a line per request must not cost a system call each
  // (lines written while one write is under way leave together in the next).
  const log = pino({ level: config.logLevel }, destination({ dest: 1, sync: false }));
  if (file && cluster.isPrimary) log.info({ file }, 'stream tokens are signed with the development secret');
  await serve(config, log, options.workers ?? config.workers, {
    announceKey: options.json ? logKey(log) : undefined,
  });
  return -1;
}
