/**
 * A command line the CLI cannot run, found once the command runs (an unknown plan, a source
 * TOUCHLINE_SOURCES does not configure): printed with the command's help, exit status 2, as the
 * mistakes commander finds while parsing are.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The exit status of every usage error, whether commander or a command found it. */
export const USAGE_EXIT_CODE = 2;
