import { Option, type Command } from 'commander';
import { action } from './action.js';
import { jsonOption } from './json-option.js';
import { workerCount } from './option-values.js';

export function addServingCommands(program: Command): void {
  program
    .command('serve')
    .summary('migrate, then serve the API')
    .description(
      'Migrate, then serve the API on HOST:PORT until SIGTERM or SIGINT, which finish in-flight ' +
        'requests and close storage. The first start creates the SQLite database (in an existing ' +
        'folder, or var/ by default), prints a development key and ingests TOUCHLINE_SOURCES.',
    )
    .addOption(
      new Option(
        '--workers <count>',
        'HTTP processes: 1-256, or auto for one per core (default: TOUCHLINE_WORKERS)',
      ).argParser(workerCount),
    )
    .addOption(jsonOption('only JSON lines on stdout: the log, and the first-start key as a log line'))
    .action(
      action<{ workers?: number; json?: boolean }>(async (config, _args, options) =>
        (await import('../commands/serve.js')).serveCommand(config, options),
      ),
    );

  program
    .command('migrate')
    .summary('apply database migrations')
    .description(
      'Apply database migrations (idempotent). Creates a missing SQLite file, as serve does on its ' +
        'first start, but not a missing folder other than the default var/.',
    )
    .addOption(jsonOption())
    .action(
      action<{ json?: boolean }>(async (config, _args, options) =>
        (await import('../commands/migrate.js')).migrateCommand(config, options),
      ),
    );
}
