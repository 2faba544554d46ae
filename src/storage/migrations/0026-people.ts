import { sql, type Kysely } from 'kysely';
import { foldText } from '../../text/fold.js';
import type { Engine } from '../connection.js';
import { stamps, textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// People and places as resources of their own (issue 41), from the sources that keep them (the Fjelstul
// World Cup Database):
// - players: the name's parts, a known-as name where a source has one, the positions a source lists
//   (comma-separated: goal_keeper, defender, midfielder, forward), gender, and the folded name searched by
//   `q`. Rows stored before get their search name filled at once from the name; the rest stays null until
//   their source is imported again.
// - coaches, referees, venues: one row per person or ground, keyed by the source's own ID.
// - coach_appointments: a coach named for a team at a tournament (season).
// - match_officials: who officiated a match and in which role, with the referee's record where one exists;
//   by match, or by date and teams for a source that names no match (football-data).
// - match_team_sheets.coach_id: the coach of a team sheet, where the sheet names one coach (joint coaches
//   keep their joined name and no ID).
// - season_placings: a team's final placing in a season as the source publishes it.
// - award_winners: individual awards of a season.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  const stamped = stamps(engine);
  for (const column of ['given_name', 'family_name', 'known_as', 'positions', 'gender', 'search_name'])
    await db.schema.alterTable('players').addColumn(column, text).execute();
  const stored: Array<{ id: string; name: string }> = await db
    .selectFrom('players')
    .select(['id', 'name'])
    .execute();
  for (let i = 0; i < stored.length; i += 500) {
    const values = sql.join(stored.slice(i, i + 500).map((p) => sql`(${p.id}, ${foldText(p.name)})`));
    await sql`update players set search_name = v.column2 from (values ${values}) as v
      where players.id = v.column1`.execute(db);
  }
  await db.schema.createIndex('players_search').on('players').column('search_name').execute();

  await db.schema
    .createTable('coaches')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('given_name', text)
    .addColumn('family_name', text)
    .addColumn('country_name', text)
    .addColumn('gender', text)
    .addColumn('search_name', text, (c) => c.notNull())
    .addColumn('source', text, (c) => c.notNull())
    .$call(stamped)
    .execute();
  await db.schema
    .createTable('referees')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('given_name', text)
    .addColumn('family_name', text)
    .addColumn('country_name', text)
    .addColumn('confederation', text)
    .addColumn('gender', text)
    .addColumn('search_name', text, (c) => c.notNull())
    .addColumn('source', text, (c) => c.notNull())
    .$call(stamped)
    .execute();
  await db.schema
    .createTable('venues')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('city', text)
    .addColumn('country', text)
    .addColumn('capacity', 'integer')
    .addColumn('search_name', text, (c) => c.notNull())
    .addColumn('source', text, (c) => c.notNull())
    .$call(stamped)
    .execute();
  await db.schema
    .createTable('coach_appointments')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('coach_id', text, (c) => c.notNull().references('coaches.id'))
    .addColumn('season_id', text, (c) => c.notNull().references('seasons.id'))
    .addColumn('team_id', text, (c) => c.notNull().references('teams.id'))
    .addColumn('source', text, (c) => c.notNull())
    .$call(stamped)
    .execute();
  await db.schema
    .createIndex('coach_appointments_coach')
    .on('coach_appointments')
    .column('coach_id')
    .execute();
  await db.schema
    .createTable('match_officials')
    .addColumn('id', text, (c) => c.primaryKey())
    // A source that names no match (football-data's statistics files) gives its date and teams instead,
    // as match_team_stats does: the match is found by them whether it came before or after.
    .addColumn('match_id', text, (c) => c.references('matches.id'))
    .addColumn('match_date', text)
    .addColumn('home_team_id', text)
    .addColumn('away_team_id', text)
    .addColumn('role', text, (c) => c.notNull())
    .addColumn('referee_id', text, (c) => c.references('referees.id'))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('source', text, (c) => c.notNull())
    .$call(stamped)
    .execute();
  await db.schema.createIndex('match_officials_match').on('match_officials').column('match_id').execute();
  await db.schema
    .createIndex('match_officials_date')
    .on('match_officials')
    .columns(['match_date', 'home_team_id'])
    .execute();
  await db.schema.createIndex('match_officials_referee').on('match_officials').column('referee_id').execute();
  await db.schema
    .alterTable('match_team_sheets')
    .addColumn('coach_id', text, (c) => c.references('coaches.id'))
    .execute();
  await db.schema.alterTable('matches').addColumn('venue_id', text).execute();
  await db.schema
    .createTable('season_placings')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('season_id', text, (c) => c.notNull().references('seasons.id'))
    .addColumn('team_id', text, (c) => c.notNull().references('teams.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('source', text, (c) => c.notNull())
    .$call(stamped)
    .execute();
  await db.schema.createIndex('season_placings_team').on('season_placings').column('team_id').execute();
  await db.schema
    .createTable('award_winners')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('season_id', text, (c) => c.notNull().references('seasons.id'))
    .addColumn('award', text, (c) => c.notNull())
    .addColumn('player_id', text, (c) => c.references('players.id'))
    .addColumn('team_id', text, (c) => c.references('teams.id'))
    .addColumn('shared', 'integer', (c) => c.notNull())
    .addColumn('source', text, (c) => c.notNull())
    .$call(stamped)
    .execute();
  await db.schema.createIndex('award_winners_season').on('award_winners').column('season_id').execute();
  for (const [table, column] of [
    ['match_lineups', 'player_id'],
    ['squad_members', 'player_id'],
  ] as const) {
    await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
  }
  // The change feed serves players, coaches, referees and venues too: every stored player is in it from
  // the start, as 0010 put every record of its kinds (the others' tables are new, filled by runs).
  await sql`insert into changes (kind, record_id) select 'player', id from players order by id`.execute(db);
  await db.schema.createIndex('match_events_player').on('match_events').column('player_id').execute();
  await db.schema
    .createIndex('match_events_linked_player')
    .on('match_events')
    .column('linked_player_id')
    .execute();
}
