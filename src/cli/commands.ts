import type { Config } from '../config/config.js';
import { UsageError } from './usage-error.js';

/**
 * Runs one CLI command; returns the exit code, or -1 for a long-running command that exits by itself.
 * Each command's module is loaded when it runs: `ingest` or `keys` need not load the HTTP server's.
 */
export async function runCommand(argv: string[], config: Readonly<Config>): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return (await import('./commands/serve.js')).serveCommand(rest, config);
    case 'migrate':
      return (await import('./commands/migrate.js')).migrateCommand(config);
    case 'ingest':
      return (await import('./commands/ingest.js')).ingestCommand(rest, config);
    case 'refresh':
      return (await import('./commands/refresh.js')).refreshCommand(rest, config);
    case 'runs':
      return (await import('./commands/runs.js')).runsCommand(rest, config);
    case 'keys':
      return (await import('./commands/keys.js')).keysCommand(rest, config);
    case 'plans':
      return (await import('./commands/plans.js')).plansCommand(rest, config);
    case undefined:
    case 'help':
    case '--help':
      process.stdout.write(`${UsageError.usage}\n`);
      return 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}
