import type { Config } from '../config/config.js';
import { ingestCommand } from './commands/ingest.js';
import { keysCommand } from './commands/keys.js';
import { migrateCommand } from './commands/migrate.js';
import { plansCommand } from './commands/plans.js';
import { runsCommand } from './commands/runs.js';
import { serveCommand } from './commands/serve.js';

export class UsageError extends Error {
  static readonly usage = `Usage: touchline <command>

  serve [--workers N|auto]      migrate, then serve the API (HOST, PORT) from N processes
  migrate                       apply database migrations
  ingest <source> --from <folder | file | archive.tar.gz|.zip | http(s) URL> [--clubs <location>]
                                import a source in one transaction; sources: openfootball,
                                worldcup-json, fjelstul, football-data
  runs [<id>]                   list ingestion runs, or show one with its artifacts and rejections
  plans list                    the plans keys can be on (requests per minute and per billing period)
  keys create [--name N] [--plan P] [--expires-in-days D] [--billing-anchor-day 1-28]
  keys list
  keys usage <key id | key>     this period's count, remaining requests and reset time
  keys revoke <key id>
  keys deactivate <key id>      mark the key's subscription inactive (403 subscription_inactive)
  keys activate <key id>

Configuration comes from environment variables; see README.md.`;
}

/** Runs one CLI command; returns the exit code, or -1 for a long-running command that exits by itself. */
export async function runCommand(argv: string[], config: Readonly<Config>): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serveCommand(rest, config);
    case 'migrate':
      return migrateCommand(config);
    case 'ingest':
      return ingestCommand(rest, config);
    case 'runs':
      return runsCommand(rest, config);
    case 'keys':
      return keysCommand(rest, config);
    case 'plans':
      return plansCommand(rest, config);
    case undefined:
    case 'help':
    case '--help':
      process.stdout.write(`${UsageError.usage}\n`);
      return 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}
