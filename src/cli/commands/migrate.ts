import type { Config } from '../../config/config.js';
import { openStorage } from '../../storage/connection.js';
import { migrateToLatest } from '../../storage/migrations/migrate.js';
import { checkDatabaseFolder } from '../database-folder.js';
import { printJson } from '../json-output.js';

export async function migrateCommand(
  config: Readonly<Config>,
  options: { json?: boolean } = {},
): Promise<number> {
  // With `serve`'s first start, the only command that creates a missing SQLite file; not its folder,
  // except the default one (see database-folder.ts).
  checkDatabaseFolder(config.databaseUrl);
  const storage = openStorage(config.databaseUrl, { create: true });
  try {
    const { results = [] } = await migrateToLatest(storage);
    if (options.json) {
      printJson({
        migrations: results.map((r) => ({ name: r.migrationName, status: r.status.toLowerCase() })),
      });
      return 0;
    }
    if (results.length === 0) process.stdout.write('migrate: schema is up to date\n');
    for (const r of results) process.stdout.write(`migrate: ${r.migrationName} ${r.status}\n`);
    return 0;
  } finally {
    await storage.close();
  }
}
