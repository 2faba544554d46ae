import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { stamps, textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** match_events as 0004 made it, with `period` nullable and the two columns below. */
async function createEvents(db: AnyDb, engine: Engine, name: string): Promise<void> {
  const text = textType(engine);
  await db.schema
    .createTable(name)
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('match_id', text, (c) => c.notNull().references('matches.id'))
    .addColumn('sort_key', text, (c) => c.notNull())
    .addColumn('type', text, (c) => c.notNull())
    .addColumn('period', text)
    .addColumn('minute', 'integer')
    .addColumn('stoppage_minute', 'integer')
    .addColumn('label', text)
    .addColumn('team_id', text, (c) => c.references('teams.id'))
    .addColumn('player_id', text, (c) => c.references('players.id'))
    .addColumn('related_player_id', text, (c) => c.references('players.id'))
    .addColumn('detail', text)
    .addColumn('source_player_name', text)
    .addColumn('linked_player_id', text, (c) => c.references('players.id'))
    .addColumn('source', text, (c) => c.notNull())
    .addColumn('row_hash', text)
    .$call(stamps(engine))
    .execute();
}

const EVENT_COLUMNS = sql.raw(
  'id, match_id, sort_key, type, period, minute, stoppage_minute, label, team_id, player_id, ' +
    'related_player_id, detail, source, created_at, updated_at',
);

// The international results (docs/sources.md):
// - matches: the venue's city and country and whether the ground was neutral, and the winner of a penalty
//   shoot-out (`home`/`away`), which that source gives without the shoot-out's score; filled at once from
//   the stored shoot-out scores.
// - competitions: the confederation (FIFA for the World Cup sources' competitions, filled at once).
// - match_events: `period` may be null (a goal whose minute the source does not know); a scorer the source
//   names without a player record keeps the name (`source_player_name`), and `linked_player_id` is the
//   World Cup sources' player it was matched to; events are compared on re-import by a digest of their
//   columns (`row_hash`), as matches are. SQLite cannot drop a NOT NULL: the table is rebuilt.
// - match_sources: compared by digest too (`row_hash`), as a re-import of 50,000 results would otherwise
//   read every column back. Rows stored before have no digest (and matches one computed the old way, before
//   the new columns): the first import of each source after this migration rewrites its rows once.
// - match_json: emptied, as the API's venue now carries city, country and neutral. This migration filled
//   it again on SQLite (with SQLite's json_object); 0020 now fills it on every engine, with the API's own
//   serializer, so it is left empty here.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  await db.schema.alterTable('competitions').addColumn('confederation', text).execute();
  await sql`update competitions set confederation = 'FIFA' where code like 'fifa.%'`.execute(db);
  for (const column of ['shootout_winner', 'venue_city', 'venue_country'])
    await db.schema.alterTable('matches').addColumn(column, text).execute();
  await db.schema.alterTable('matches').addColumn('neutral', 'integer').execute();
  await db.schema.alterTable('match_sources').addColumn('row_hash', text).execute();
  await sql`update matches set shootout_winner = case when pen_home > pen_away then 'home' else 'away' end
    where pen_home is not null and pen_away is not null and pen_home <> pen_away`.execute(db);

  if (engine === 'postgres') {
    await sql`alter table match_events alter column period drop not null`.execute(db);
    await db.schema.alterTable('match_events').addColumn('source_player_name', text).execute();
    await db.schema
      .alterTable('match_events')
      .addColumn('linked_player_id', text, (c) => c.references('players.id'))
      .execute();
    await db.schema.alterTable('match_events').addColumn('row_hash', text).execute();
  } else {
    await createEvents(db, engine, 'match_events_rebuilt');
    await sql`insert into match_events_rebuilt (${EVENT_COLUMNS})
      select ${EVENT_COLUMNS} from match_events`.execute(db);
    await db.schema.dropTable('match_events').execute();
    await sql`alter table match_events_rebuilt rename to match_events`.execute(db);
    await db.schema
      .createIndex('match_events_match')
      .on('match_events')
      .columns(['match_id', 'sort_key'])
      .execute();
    await sql`delete from match_json`.execute(db);
  }
}
