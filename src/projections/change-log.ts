import { logRunChanges } from '../storage/repositories/change-log.repository.js';
import { secondLegsOf } from '../storage/repositories/second-legs.js';
import { idsWhere, type Projection, type TableWrites } from './written.js';

const wrote = (writes: TableWrites | undefined) => idsWhere(writes, 'inserted', 'updated');

/**
 * The change log (`changes`, the change feed and `updated_since`): the competitions, seasons, teams and
 * matches written (and the second legs of those matches), those whose counts changed, the matches showing a renamed team, competition or season,
 * the matches removed, and the teams whose ratings changed (a tombstone for one left unrated), under one stamp.
 */
export const changeLogProjection: Projection = {
  name: 'change log',
  async project({ db }, written, { counts, ratings }) {
    const t = written.tables;
    const rows = await logRunChanges(
      db,
      {
        competitions: [...wrote(t.competitions), ...counts.competitions],
        seasons: [...wrote(t.seasons), ...counts.seasons],
        teams: wrote(t.teams),
        // A second leg shows its first leg's score in its aggregate: it changed with it.
        matches: [...wrote(t.matches), ...(await secondLegsOf(db, wrote(t.matches)))],
        renamed: {
          competitions: idsWhere(t.competitions, 'updated'),
          seasons: idsWhere(t.seasons, 'updated'),
          teams: idsWhere(t.teams, 'updated'),
        },
        removedMatches: written.removed,
        ratings: ratings.changed,
        removedRatings: ratings.removed,
      },
      // Stamped as late as possible, the writes done: updated_since compares a client's instant with when
      // the change became visible, not with when the transaction began.
      written.clock(),
    );
    return { rows };
  },
};
