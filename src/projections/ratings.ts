import { earliestPointOf, newestPointsOf } from '../storage/repositories/rating.repository.js';
import { updateRatings } from '../ratings/update-ratings.js';
import { idsWhere, type Projection } from './written.js';

/**
 * The team ratings (src/ratings/): rated again from the earliest kick-off a transaction touched: where a
 * match written now kicks off, or where a match written or removed had its rating point (a match moved
 * from its rated date), so a result today rates today's matches and a correction of 1954 the matches since 1954. A
 * transaction that wrote no match rates nothing; one that changed no result changes no rating. Each team
 * whose ratings changed is handed to the change log (change-log.ts), which logs it as a `rating` change (a
 * tombstone when it has no rated match left) under the run's one stamp.
 */
export const ratingsProjection: Projection = {
  name: 'ratings',
  async project({ db }, written) {
    const writes = written.tables.matches;
    const changed = idsWhere(writes, 'inserted', 'updated');
    const removed = written.removed.map((r) => r.id);
    if (changed.length === 0 && removed.length === 0) return { rows: 0 };
    const instants: string[] = [];
    const wanted = new Set(changed);
    for (const record of writes?.records ?? []) {
      if (!wanted.has(record.id)) continue;
      if (typeof record.starts_at === 'string') instants.push(record.starts_at);
    }
    const pointed = await earliestPointOf(db, [...changed, ...removed]);
    if (pointed !== null) instants.push(pointed);
    if (instants.length === 0) return { rows: 0 };
    const from = instants.reduce((a, b) => (a < b ? a : b));
    const update = await updateRatings(db, from);
    if (update.teams.length === 0) return { rows: update.rows };
    // A team left with no rated match (its only results removed) has no rating to serve: a tombstone.
    const rated = new Set((await newestPointsOf(db, update.teams)).map((p) => p.team_id));
    return {
      rows: update.rows,
      ratings: {
        changed: update.teams.filter((t) => rated.has(t)),
        removed: update.teams.filter((t) => !rated.has(t)),
      },
    };
  },
};
