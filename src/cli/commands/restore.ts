import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/config.js';
import { restoreSqlite } from '../../storage/sqlite-restore.js';
import { checkDatabaseFolder } from '../database-folder.js';
import { printJson } from '../json-output.js';
import { embeddedDatabaseFile, POSTGRES_BACKUP_DOCS } from './embedded-database.js';

const ON_POSTGRES =
  'restore replaces the embedded SQLite database; DATABASE_URL is PostgreSQL: stop the servers, run ' +
  'pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" <file>, then ' +
  'touchline migrate ' +
  `(${POSTGRES_BACKUP_DOCS})`;

/**
 * `restore <file>`: the SQLite database of DATABASE_URL becomes the backup, migrated to this version;
 * refused while any process has the database open.
 */
export async function restoreCommand(
  config: Readonly<Config>,
  file: string,
  options: { json?: boolean } = {},
): Promise<number> {
  const target = embeddedDatabaseFile(config.databaseUrl, ON_POSTGRES);
  if (!fs.existsSync(target)) {
    // Restoring creates the database, so the rule of migrate applies: an existing folder, or var/.
    checkDatabaseFolder(config.databaseUrl);
    fs.mkdirSync(path.dirname(target), { recursive: true });
  }
  const { schema, migrated } = await restoreSqlite(file, target);
  if (options.json) {
    printJson({ database: target, file: path.resolve(file), schema, migrated });
    return 0;
  }
  process.stdout.write(`restore: ${target} replaced by ${file} (schema ${schema})\n`);
  for (const name of migrated) process.stdout.write(`restore: migrated ${name}\n`);
  return 0;
}
