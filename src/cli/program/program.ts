import { Command } from 'commander';
import { packageVersion } from '../package-version.js';
import { addDatabaseCommands } from './database-commands.js';
import { addIngestionCommands } from './ingestion-commands.js';
import { addKeyCommands } from './key-commands.js';
import { addLiveCommands } from './live-commands.js';
import { addRatingCommands } from './rating-commands.js';
import { addReplayCommands } from './replay-commands.js';
import { addServingCommands } from './serving-commands.js';

/**
 * The whole command line. Parsing never runs anything before the command is known and its arguments
 * are good: `--help` anywhere shows help and stops. Each command loads its implementation only when it
 * runs, so that `keys list` does not load the HTTP server or the source adapters.
 */
export function buildProgram(): Command {
  // Set before the commands are added: subcommands inherit them.
  const program = new Command('touchline')
    .description('A self-hostable, read-only football data API.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for the command')
    .helpCommand('help [command]', 'show help for a command')
    .exitOverride()
    .showHelpAfterError()
    .configureOutput({
      outputError: (message, write) => write(`touchline: ${message.replace(/^error: /, '')}`),
    })
    .addHelpText(
      'after',
      '\nConfiguration comes from environment variables (see README.md).\n' +
        'Exit status: 0 done, 1 failed, 2 usage error (docs/cli.md).',
    );
  addServingCommands(program);
  addIngestionCommands(program);
  addKeyCommands(program);
  addLiveCommands(program);
  addReplayCommands(program);
  addDatabaseCommands(program);
  addRatingCommands(program);
  return program;
}
