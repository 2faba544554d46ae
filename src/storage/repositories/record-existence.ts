import type { Storage } from '../connection.js';
import { QueryTemplates } from '../query-templates.js';

type Table = 'teams' | 'competitions';

const byId = (table: Table) =>
  new QueryTemplates<{ id: string }>((db, { id }) => db.selectFrom(table).select('id').where('id', '=', id));
const EXISTS = { teams: byId('teams'), competitions: byId('competitions') };

/**
 * Whether every one of `ids` names a stored record of `table` (a primary-key seek each), synchronous where
 * the database is in process (SQLite); undefined elsewhere.
 */
export function allExistNow(
  storage: Storage,
): ((table: Table, ids: readonly string[]) => boolean) | undefined {
  const { readColumnNow } = storage;
  if (!readColumnNow) return undefined;
  return (table, ids) =>
    ids.every((id) => readColumnNow(EXISTS[table].compile(storage.db, { id })).length > 0);
}
