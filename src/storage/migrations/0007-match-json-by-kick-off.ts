import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';
import { refreshPlannerStatistics } from '../planner-statistics.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// match_json clustered on kick-off time instead of the match ID. Keyed on the random ID, the matches of
// one page lay in as many places as the archive is large: at 1M matches a page read 25 leaf pages spread
// over a 1.7 GB file, and pages rotating over a few seasons' teams missed every cache (170 µs a page
// against 33 µs at 10k). Keyed on (starts_at, id), a season's matches sit together, whatever else the
// archive holds (40 µs at 1M), and a new season's matches are appended rather than spread over the table.
// The index on `id` finds a match's row when its kick-off moves, and serves the foreign key. This table
// was filled here; 0012 fills it again with the venue's new fields, so it is now left empty (the JSON the
// repository writes names columns that do not exist yet at this point).
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  await db.schema.dropTable('match_json').execute();
  await db.schema
    .createTable('match_json')
    .addColumn('starts_at', text, (c) => c.notNull())
    .addColumn('id', text, (c) => c.notNull().references('matches.id'))
    .addColumn('json', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('match_json_pkey', ['starts_at', 'id'])
    .$call((table) => (engine === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  await db.schema.createIndex('match_json_id').on('match_json').column('id').execute();
  await refreshPlannerStatistics(db, engine);
}
