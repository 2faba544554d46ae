import { logRunChanges } from '../storage/repositories/change-log.repository.js';
import { secondLegsOf } from '../storage/repositories/second-legs.js';
import { idsWhere, type Projection, type TableWrites } from './written.js';

const wrote = (writes: TableWrites | undefined) => idsWhere(writes, 'inserted', 'updated');

/** The players of the squad or lineup rows written. */
function namedBy(writes: TableWrites | undefined): string[] {
  const ids = new Set(wrote(writes));
  if (ids.size === 0 || !writes) return [];
  return [...new Set(writes.records.filter((r) => ids.has(r.id)).map((r) => String(r.player_id)))];
}

/**
 * The change log (`changes`, the change feed and `updated_since`): the competitions, seasons, teams and
 * matches written (and the second legs of those matches), those whose counts changed, the matches showing a renamed team, competition or season,
 * the matches removed, the teams whose ratings changed (a tombstone for one left unrated), and the
 * players, coaches, referees and venues written, under one stamp.
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
        // A player shows the teams they were named for: a squad or lineup row written changes them.
        people: {
          player: [...wrote(t.players), ...namedBy(t.squadMembers), ...namedBy(t.lineups)],
          coach: wrote(t.coaches),
          referee: wrote(t.referees),
          venue: wrote(t.venues),
        },
      },
      // Stamped as late as possible, the writes done: updated_since compares a client's instant with when
      // the change became visible, not with when the transaction began.
      written.clock(),
    );
    return { rows };
  },
};
