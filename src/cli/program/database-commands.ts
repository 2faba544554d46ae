import { Option, type Command } from 'commander';
import { action } from './action.js';
import { jsonOption } from './json-option.js';

export function addDatabaseCommands(program: Command): void {
  program
    .command('backup')
    .summary('copy the SQLite database while it is in use')
    .description(
      'Copy the SQLite database of DATABASE_URL to a file, consistently, while servers serve and ' +
        'ingestions run (VACUUM INTO: one snapshot, nobody waits). On PostgreSQL it exits 1 with the ' +
        'pg_dump command to use (docs/deployment.md).',
    )
    .argument('<file>', 'the backup to write')
    .addOption(new Option('--force', 'replace the file if it exists'))
    .addOption(new Option('--quiet', 'no progress on stderr'))
    .addOption(jsonOption())
    .action(
      action<{ force?: boolean; quiet?: boolean; json?: boolean }>(async (config, [file], options) =>
        (await import('../commands/backup.js')).backupCommand(config, file as string, options),
      ),
    );

  program
    .command('restore')
    .summary('replace the SQLite database with a backup')
    .description(
      'Replace the SQLite database of DATABASE_URL with a backup, migrated to this version, atomically. ' +
        'Refused while any process (a server, an ingestion) has the database open, and for a file that ' +
        'is not a Touchline database or comes from a newer version. On PostgreSQL it exits 1 with the ' +
        'pg_restore command to use (docs/deployment.md).',
    )
    .argument('<file>', 'a file written by touchline backup')
    .addOption(jsonOption())
    .action(
      action<{ json?: boolean }>(async (config, [file], options) =>
        (await import('../commands/restore.js')).restoreCommand(config, file as string, options),
      ),
    );
}
