import { pino } from 'pino';
import { ConfigError, parseWorkerCount, type Config } from '../../config/config.js';
import { serve } from '../../server/cluster.js';
import { parseCommandArgs } from '../command-args.js';
import { UsageError } from '../usage-error.js';

/** Serves until SIGTERM or SIGINT; the process then finishes in-flight requests and exits by itself. */
export async function serveCommand(argv: string[], config: Readonly<Config>): Promise<number> {
  const parsed = parseCommandArgs({ args: argv, options: { workers: { type: 'string' } } });
  let workers = config.workers;
  try {
    if (parsed.values.workers !== undefined) workers = parseWorkerCount(parsed.values.workers, '--workers');
  } catch (error) {
    throw new UsageError((error as ConfigError).message);
  }
  const log = pino({ level: config.logLevel });
  await serve(config, log, workers);
  return -1;
}
