import type { Config } from '../config/config.js';
import { openStorage, type Storage } from '../storage/connection.js';
import { migrateToLatest } from '../storage/migrations/migrate.js';
import { MissingDatabaseError } from '../storage/sqlite-file.js';

/**
 * Opens an existing database. Only `migrate` and `serve` create one: a command run after the file was
 * deleted (under a running server, say) must not leave a new empty database where it was.
 */
function openExisting(config: Readonly<Config>): Storage {
  try {
    return openStorage(config.databaseUrl, { create: false });
  } catch (error) {
    if (!(error instanceof MissingDatabaseError)) throw error;
    throw new Error(
      `${error.message} (DATABASE_URL); run "touchline migrate" to create it, or check the path`,
    );
  }
}

/** Opens storage, brings its schema up to date, runs `work`, and always closes the connection. */
export async function withStorage<T>(
  config: Readonly<Config>,
  work: (storage: Storage) => Promise<T>,
): Promise<T> {
  const storage = openExisting(config);
  try {
    await migrateToLatest(storage);
    return await work(storage);
  } finally {
    await storage.close();
  }
}
