import type { Storage } from './connection.js';

/**
 * Runs `read` on a view of `storage` whose queries all see one state of the database, for an answer
 * built from several queries whose rows must agree: a match's status and the events it shows in that
 * status, read on either side of a live update's commit, made a live match with none of its goals.
 *
 * Outside a transaction, each query sees the newest commit: on SQLite, each statement; on PostgreSQL
 * (READ COMMITTED), each statement too. In a read transaction, SQLite's WAL mode gives every statement
 * the snapshot taken at its first read; PostgreSQL needs REPEATABLE READ for the same. On SQLite the
 * view keeps `readNow`: it runs on the connection that holds the transaction, so it sees the snapshot.
 * A read transaction on SQLite takes no lock a writer waits for (WAL); other queries through Kysely wait
 * for it (one connection), which is short since better-sqlite3 never waits on I/O. On PostgreSQL it
 * costs the BEGIN and COMMIT round trips.
 */
export function readSnapshot<T>(storage: Storage, read: (view: Storage) => Promise<T>): Promise<T> {
  let transaction = storage.db.transaction();
  if (storage.engine === 'postgres') {
    transaction = transaction.setIsolationLevel('repeatable read').setAccessMode('read only');
  }
  return transaction.execute((trx) => read({ ...storage, db: trx }));
}
