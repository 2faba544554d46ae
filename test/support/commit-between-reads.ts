// A commit landing between two reads of one answer, on purpose: what a live update or an ingestion in
// another process does by chance. Used to check that an answer read from several tables shows one state.
import type { TestContext } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type KyselyPlugin } from 'kysely';
import { openStorage, type Storage } from '../../src/storage/connection.js';

export type Commit = () => void | Promise<void>;

/**
 * Commits `statements` in one transaction from a connection of its own to `databaseUrl`. Synchronous on
 * SQLite (a better-sqlite3 handle), since the app's SQLite reads can be synchronous (`readNow`) and the
 * commit must land before the next one.
 */
export function commitFrom(t: TestContext, databaseUrl: string, statements: readonly string[]): Commit {
  if (databaseUrl.startsWith('sqlite:')) {
    const other = new SqliteDatabase(databaseUrl.slice('sqlite:'.length));
    t.after(() => other.close());
    const run = other.transaction(() => {
      for (const statement of statements) other.exec(statement);
    });
    return () => {
      run();
    };
  }
  const other = openStorage(databaseUrl);
  t.after(() => other.close());
  return async () => {
    await other.db.transaction().execute(async (trx) => {
      for (const statement of statements) await trx.executeQuery(CompiledQuery.raw(statement));
    });
  };
}

/**
 * `storage` as an app sees it, where `commit` runs once, right after the first read (through Kysely or
 * `readNow`) whose rows `holds` picks out, and before that read's rows are returned.
 */
export function commitAfterRead(
  storage: Storage,
  holds: (rows: readonly unknown[]) => boolean,
  commit: Commit,
): { storage: Storage; committed(): boolean } {
  let pending = true;
  const after: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      if (pending && holds(args.result.rows)) {
        pending = false;
        await commit();
      }
      return args.result;
    },
  };
  const readNow = storage.readNow;
  return {
    storage: {
      ...storage,
      db: storage.db.withPlugin(after),
      readNow:
        readNow &&
        ((query) => {
          const rows = readNow(query);
          if (pending && holds(rows)) {
            pending = false;
            void commit();
          }
          return rows;
        }),
    },
    committed: () => !pending,
  };
}
