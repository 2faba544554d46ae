import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.js';

/**
 * node:util's parseArgs over a command's arguments, its complaints (an unknown option, a missing value)
 * thrown as UsageErrors, so that they are printed with the usage text and exit with status 2.
 */
export function parseCommandArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
