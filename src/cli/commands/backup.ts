import path from 'node:path';
import type { Config } from '../../config/config.js';
import { backupSqlite } from '../../storage/sqlite-backup.js';
import { NotTouchlineError } from '../../storage/sqlite-schema-level.js';
import { explainMissingDatabase } from '../with-storage.js';
import { embeddedDatabaseFile, POSTGRES_BACKUP_DOCS } from './embedded-database.js';

const ON_POSTGRES =
  'backup copies the embedded SQLite database; DATABASE_URL is PostgreSQL, whose own tool makes a ' +
  'consistent copy while it serves: pg_dump --format=custom --file=<file> "$DATABASE_URL" ' +
  `(${POSTGRES_BACKUP_DOCS})`;

/** `backup <file> [--force]`: a consistent copy of the SQLite database, taken while it is in use. */
export async function backupCommand(
  config: Readonly<Config>,
  file: string,
  options: { force?: boolean },
): Promise<number> {
  const database = embeddedDatabaseFile(config.databaseUrl, ON_POSTGRES);
  let result;
  try {
    result = backupSqlite(database, file, options.force === true);
  } catch (error) {
    if (error instanceof NotTouchlineError) {
      throw new Error(`${database} is not a Touchline database (DATABASE_URL): ${error.message}`);
    }
    throw explainMissingDatabase(error);
  }
  const mib = (result.bytes / 1_048_576).toFixed(1);
  process.stdout.write(
    `backup: ${database} copied to ${path.resolve(file)} (${mib} MiB, schema ${result.schema})\n`,
  );
  return 0;
}
