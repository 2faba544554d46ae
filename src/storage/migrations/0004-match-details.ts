import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { stamps, textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Detail tables filled by the sources that have them (World Cup databases, statistics files). Each row
 * has a deterministic text `id` built from its natural key, so re-imports compare and skip it like any
 * other row, and a `source` naming where it came from.
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  const stamped = stamps(engine);
  await db.schema
    .createTable('players')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('date_of_birth', text)
    .addColumn('source', text, (c) => c.notNull())
    .$call(stamped)
    .execute();

  await db.schema
    .createTable('squad_members')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('season_id', text, (c) => c.notNull().references('seasons.id'))
    .addColumn('team_id', text, (c) => c.notNull().references('teams.id'))
    .addColumn('player_id', text, (c) => c.notNull().references('players.id'))
    .addColumn('shirt_number', 'integer')
    .addColumn('position', text)
    .addColumn('source', text, (c) => c.notNull())
    .$call(stamped)
    .execute();
  await db.schema
    .createIndex('squad_members_team')
    .on('squad_members')
    .columns(['team_id', 'season_id'])
    .execute();

  // Keyed by team, opponent and local match date rather than by match: a statistics file can arrive
  // before or after the fixtures it describes, and links to its match whichever came first.
  await db.schema
    .createTable('match_team_stats')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('match_date', text, (c) => c.notNull())
    // No foreign keys: the teams may be ingested after the statistics that name them.
    .addColumn('team_id', text, (c) => c.notNull())
    .addColumn('opponent_team_id', text, (c) => c.notNull())
    .addColumn('corners', 'integer')
    .addColumn('shots_total', 'integer')
    .addColumn('shots_on_target', 'integer')
    .addColumn('shots_inside_box', 'integer')
    .addColumn('possession_percent', 'real')
    .addColumn('passes_accuracy_percent', 'real')
    .addColumn('expected_goals', 'real')
    .addColumn('yellow_cards', 'integer')
    .addColumn('red_cards', 'integer')
    .addColumn('source', text, (c) => c.notNull())
    .$call(stamped)
    .execute();
  await db.schema
    .createIndex('match_team_stats_pairing')
    .on('match_team_stats')
    .columns(['team_id', 'opponent_team_id', 'match_date'])
    .execute();

  await db.schema
    .createTable('match_team_sheets')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('match_id', text, (c) => c.notNull().references('matches.id'))
    .addColumn('team_id', text, (c) => c.notNull().references('teams.id'))
    .addColumn('formation', text)
    .addColumn('coach_name', text)
    .addColumn('source', text, (c) => c.notNull())
    .$call(stamped)
    .execute();
  await db.schema.createIndex('match_team_sheets_match').on('match_team_sheets').column('match_id').execute();

  await db.schema
    .createTable('match_lineups')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('match_id', text, (c) => c.notNull().references('matches.id'))
    .addColumn('team_id', text, (c) => c.notNull().references('teams.id'))
    .addColumn('player_id', text, (c) => c.notNull().references('players.id'))
    .addColumn('role', text, (c) => c.notNull())
    .addColumn('shirt_number', 'integer')
    .addColumn('position', text)
    .addColumn('source', text, (c) => c.notNull())
    .$call(stamped)
    .execute();
  await db.schema.createIndex('match_lineups_match').on('match_lineups').column('match_id').execute();

  await db.schema
    .createTable('match_events')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('match_id', text, (c) => c.notNull().references('matches.id'))
    .addColumn('sort_key', text, (c) => c.notNull())
    .addColumn('type', text, (c) => c.notNull())
    .addColumn('period', text, (c) => c.notNull())
    .addColumn('minute', 'integer')
    .addColumn('stoppage_minute', 'integer')
    .addColumn('label', text)
    .addColumn('team_id', text, (c) => c.references('teams.id'))
    .addColumn('player_id', text, (c) => c.references('players.id'))
    .addColumn('related_player_id', text, (c) => c.references('players.id'))
    .addColumn('detail', text)
    .addColumn('source', text, (c) => c.notNull())
    .$call(stamped)
    .execute();
  await db.schema
    .createIndex('match_events_match')
    .on('match_events')
    .columns(['match_id', 'sort_key'])
    .execute();

  await db.schema
    .createTable('standings')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('season_id', text, (c) => c.notNull().references('seasons.id'))
    .addColumn('team_id', text, (c) => c.notNull().references('teams.id'))
    .addColumn('group_name', text)
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('played', 'integer', (c) => c.notNull())
    .addColumn('won', 'integer', (c) => c.notNull())
    .addColumn('drawn', 'integer', (c) => c.notNull())
    .addColumn('lost', 'integer', (c) => c.notNull())
    .addColumn('goals_for', 'integer', (c) => c.notNull())
    .addColumn('goals_against', 'integer', (c) => c.notNull())
    .addColumn('goal_difference', 'integer', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('form', text)
    .addColumn('description', text)
    .addColumn('source', text, (c) => c.notNull())
    .$call(stamped)
    .execute();
  await db.schema
    .createIndex('standings_season')
    .on('standings')
    .columns(['season_id', 'group_name', 'position'])
    .execute();
  await db.schema.createIndex('standings_team').on('standings').column('team_id').execute();

  // Which sources know a match, under which of their own keys: provenance kept for every source.
  await db.schema
    .createTable('match_sources')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('match_id', text, (c) => c.notNull().references('matches.id'))
    .addColumn('source', text, (c) => c.notNull())
    .addColumn('source_key', text, (c) => c.notNull())
    .$call(stamped)
    .execute();
  await db.schema.createIndex('match_sources_match').on('match_sources').column('match_id').execute();

  // The source's own (local) match date, which statistics link on, and the source that wrote the row:
  // when two sources describe one match, the higher-ranked one's row is kept whatever the import order.
  await db.schema.alterTable('matches').addColumn('local_date', text).execute();
  await db.schema.alterTable('matches').addColumn('source', text).execute();
  await db.schema
    .createIndex('matches_home_local_date')
    .on('matches')
    .columns(['home_team_id', 'local_date'])
    .execute();

  // Per-competition counts of detail rows, refreshed by every ingestion: the coverage flags read them.
  for (const column of [
    'stats_match_count',
    'lineup_match_count',
    'event_match_count',
    'standing_count',
    'squad_count',
  ]) {
    await db.schema
      .alterTable('competitions')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}
