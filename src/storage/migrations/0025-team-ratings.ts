import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';
import { updateRatings } from '../../ratings/update-ratings.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// Team ratings (issue 44): one row per rated match and side, the team's Elo before and after it, derived
// from the matches by the ratings projection (src/projections/ratings.ts, src/ratings/). Ratings are kept
// as integer thousandths of a point, so both engines store and compare them exactly. `matches` is the
// team's count of rated matches with this one (a successor state's includes its predecessor's): it only
// grows along a team's rows, so the newest row of a team up to a day is the one with the largest count.
// Reads: a team's history and the latest row before a kick-off (team, starts_at); a ranking on a day
// (system, date); a pass from a day (starts_at).
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  await db.schema
    .createTable('rating_points')
    .addColumn('match_id', text, (c) => c.notNull())
    .addColumn('team_id', text, (c) => c.notNull())
    .addColumn('system', text, (c) => c.notNull())
    .addColumn('opponent_id', text, (c) => c.notNull())
    .addColumn('starts_at', text, (c) => c.notNull())
    .addColumn('date', text, (c) => c.notNull())
    .addColumn('rating_before', 'integer', (c) => c.notNull())
    .addColumn('rating_after', 'integer', (c) => c.notNull())
    .addColumn('matches', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rating_points_pk', ['match_id', 'team_id'])
    .execute();
  await db.schema
    .createIndex('rating_points_team')
    .on('rating_points')
    .columns(['team_id', 'starts_at', 'matches'])
    .execute();
  await db.schema
    .createIndex('rating_points_system_date')
    .on('rating_points')
    .columns(['system', 'date', 'team_id', 'matches'])
    .execute();
  // A pass from a day reads and compares the points from that day on.
  await db.schema.createIndex('rating_points_starts').on('rating_points').columns(['starts_at']).execute();
  // The matches stored before this version are rated at once, as later writes will be by the projection.
  await updateRatings(db, null);
}
