import type { Storage } from '../connection.js';
import { run, wait, type Maybe } from '../maybe.js';
import { QueryTemplates, readColumn } from '../query-templates.js';

type Table = 'teams' | 'competitions' | 'seasons';

const byId = (table: Table) =>
  new QueryTemplates<{ id: string }>((db, { id }) => db.selectFrom(table).select('id').where('id', '=', id));
const EXISTS = { teams: byId('teams'), competitions: byId('competitions'), seasons: byId('seasons') };

/** Whether every one of `ids` names a stored record of `table` (a primary-key seek each). */
export function allExist(storage: Storage, table: Table, ids: readonly string[]): Maybe<boolean> {
  return run(
    (function* () {
      for (const id of ids) {
        const found = yield* wait(readColumn(storage, EXISTS[table].compile(storage.db, { id })));
        if (found.length === 0) return false;
      }
      return true;
    })(),
  );
}
