import path from 'node:path';

/** Where the PostgreSQL way of doing what backup and restore do for SQLite is documented. */
export const POSTGRES_BACKUP_DOCS = 'docs/deployment.md, "Backup and restore"';

/**
 * The SQLite file of DATABASE_URL, for the commands that copy or replace it whole. On PostgreSQL they
 * refuse with `postgresAdvice` (the server's own tools, which do it properly) rather than pretend.
 */
export function embeddedDatabaseFile(databaseUrl: string, postgresAdvice: string): string {
  if (!databaseUrl.startsWith('sqlite:')) throw new Error(postgresAdvice);
  const location = databaseUrl.slice('sqlite:'.length);
  if (location === ':memory:' || location === '') {
    throw new Error('DATABASE_URL is an in-memory database: there is no file to back up or restore');
  }
  return path.resolve(location);
}
