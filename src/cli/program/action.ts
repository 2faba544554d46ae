import type { Command, OptionValues } from 'commander';
import { loadConfig, type Config } from '../../config/config.js';
import { USAGE_EXIT_CODE, UsageError } from '../usage-error.js';

/**
 * A command's implementation: given the configuration and the command's parsed arguments and options,
 * it answers its exit status, or -1 when it runs until it exits by itself (`serve`).
 */
export type Run<O extends OptionValues> = (
  config: Readonly<Config>,
  args: readonly unknown[],
  options: O,
) => Promise<number>;

/**
 * Wraps `run` as a commander action. The configuration is loaded only now, so that `--help`, `--version`
 * and usage errors need no valid one (an invalid one then ends the command with exit status 1, see
 * main.ts). A UsageError the command throws is reported as commander reports its own mistakes: with the
 * command's help, exit status 2.
 */
export function action<O extends OptionValues>(run: Run<O>) {
  return async function (this: Command): Promise<void> {
    const config = loadConfig();
    let code: number;
    try {
      code = await run(config, this.processedArgs, this.opts<O>());
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      this.error(error.message, { exitCode: USAGE_EXIT_CODE, code: 'touchline.usage' });
    }
    if (code >= 0) process.exitCode = code;
  };
}
