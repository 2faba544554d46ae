import type { Config } from '../config/config.js';
import { openStorage, type Storage } from '../storage/connection.js';
import { migrateToLatest } from '../storage/migrations/migrate.js';

/** Opens storage, brings its schema up to date, runs `work`, and always closes the connection. */
export async function withStorage<T>(
  config: Readonly<Config>,
  work: (storage: Storage) => Promise<T>,
): Promise<T> {
  const storage = openStorage(config.databaseUrl);
  try {
    await migrateToLatest(storage);
    return await work(storage);
  } finally {
    await storage.close();
  }
}
