import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATABASE_FILE } from '../config/config.js';

/**
 * Before `migrate` or `serve` create a SQLite database: its folder must exist, unless it is the default
 * location (var/ in the working directory, absent from a fresh clone), which is created. A folder that
 * is missing from a path the operator wrote is a mistyped path far more often than a wish for a new one,
 * and creating it would leave an empty database where nobody looks while the real one sits elsewhere.
 */
export function checkDatabaseFolder(databaseUrl: string): void {
  if (!databaseUrl.startsWith('sqlite:') || databaseUrl === 'sqlite::memory:') return;
  const file = databaseUrl.slice('sqlite:'.length);
  if (file === path.resolve(DEFAULT_DATABASE_FILE)) return;
  const folder = path.dirname(file);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOENT'
        ? `cannot create the database ${file}: its folder ${folder} does not exist (DATABASE_URL); ` +
            'create the folder, or correct the path'
        : `cannot create the database ${file}: its folder ${folder} cannot be read (${code}, DATABASE_URL)`,
    );
  }
  if (!stat.isDirectory()) {
    throw new Error(`cannot create the database ${file}: ${folder} is not a folder (DATABASE_URL)`);
  }
}
