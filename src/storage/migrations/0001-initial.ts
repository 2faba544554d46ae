import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = textType(engine);
  await db.schema
    .createTable('competitions')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('code', text, (c) => c.notNull().unique())
    .addColumn('slug', text, (c) => c.notNull())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('name_season', text, (c) => c.notNull())
    .addColumn('country_name', text)
    .addColumn('country_code', text)
    .addColumn('type', text, (c) => c.notNull())
    .addColumn('gender', text, (c) => c.notNull())
    .addColumn('logo_url', text)
    .addColumn('timezone', text, (c) => c.notNull())
    .addColumn('search_name', text, (c) => c.notNull())
    .addColumn('season_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('match_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('team_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('competitions_listing')
    .on('competitions')
    .columns(['country_name', 'search_name', 'name', 'id'])
    .execute();

  await db.schema
    .createTable('seasons')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('competition_id', text, (c) => c.notNull().references('competitions.id'))
    .addColumn('key', text, (c) => c.notNull())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('starts_on', text)
    .addColumn('ends_on', text)
    .addColumn('is_current', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('team_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('match_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addUniqueConstraint('seasons_competition_key', ['competition_id', 'key'])
    .execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('slug', text, (c) => c.notNull())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('name_season', text, (c) => c.notNull())
    .addColumn('short_name', text)
    .addColumn('country_name', text)
    .addColumn('country_code', text)
    .addColumn('logo_url', text)
    .addColumn('search_name', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('teams_name').on('teams').columns(['search_name', 'name', 'id']).execute();

  await db.schema
    .createTable('team_aliases')
    .addColumn('scope', text, (c) => c.notNull())
    .addColumn('alias_key', text, (c) => c.notNull())
    .addColumn('alias', text, (c) => c.notNull())
    .addColumn('team_id', text, (c) => c.notNull().references('teams.id'))
    .addColumn('source', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('team_aliases_pk', ['scope', 'alias_key'])
    .execute();
  await db.schema.createIndex('team_aliases_team').on('team_aliases').column('team_id').execute();

  await db.schema
    .createTable('matches')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('competition_id', text, (c) => c.notNull().references('competitions.id'))
    .addColumn('season_id', text, (c) => c.notNull().references('seasons.id'))
    .addColumn('round', text)
    .addColumn('stage', text)
    .addColumn('home_team_id', text, (c) => c.notNull().references('teams.id'))
    .addColumn('away_team_id', text, (c) => c.notNull().references('teams.id'))
    .addColumn('starts_at', text, (c) => c.notNull())
    .addColumn('time_known', 'integer', (c) => c.notNull())
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('source_status', text)
    .addColumn('home_score', 'integer')
    .addColumn('away_score', 'integer')
    .addColumn('ht_home', 'integer')
    .addColumn('ht_away', 'integer')
    .addColumn('ft_home', 'integer')
    .addColumn('ft_away', 'integer')
    .addColumn('et_home', 'integer')
    .addColumn('et_away', 'integer')
    .addColumn('pen_home', 'integer')
    .addColumn('pen_away', 'integer')
    .addColumn('venue_name', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  // Every listing filter has an index that already yields rows in listing order (starts_at, id).
  for (const column of ['season_id', 'competition_id', 'home_team_id', 'away_team_id', 'status']) {
    await db.schema
      .createIndex(`matches_${column}_order`)
      .on('matches')
      .columns([column, 'starts_at', 'id'])
      .execute();
  }
  await db.schema.createIndex('matches_order').on('matches').columns(['starts_at', 'id']).execute();

  const runs = db.schema.createTable('ingestion_runs');
  await (
    engine === 'postgres'
      ? runs.addColumn('id', 'serial', (c) => c.primaryKey())
      : runs.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('source', text, (c) => c.notNull())
    .addColumn('location', text, (c) => c.notNull())
    .addColumn('sha256', text)
    .addColumn('bytes', 'bigint')
    .addColumn('started_at', text, (c) => c.notNull())
    .addColumn('finished_at', text)
    .addColumn('outcome', text, (c) => c.notNull())
    .addColumn('error', text)
    .addColumn('records_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inserted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejected', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('ingestion_runs_outcome')
    .on('ingestion_runs')
    .columns(['outcome', 'id'])
    .execute();

  await db.schema
    .createTable('ingestion_artifacts')
    .addColumn('run_id', 'integer', (c) => c.notNull().references('ingestion_runs.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('uri', text, (c) => c.notNull())
    .addColumn('sha256', text, (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('retrieved_at', text, (c) => c.notNull())
    .addColumn('records_seen', 'integer', (c) => c.notNull())
    .addColumn('inserted', 'integer', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addColumn('unchanged', 'integer', (c) => c.notNull())
    .addColumn('rejected', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ingestion_artifacts_pk', ['run_id', 'seq'])
    .execute();

  await db.schema
    .createTable('ingestion_rejections')
    .addColumn('run_id', 'integer', (c) => c.notNull().references('ingestion_runs.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('artifact_uri', text, (c) => c.notNull())
    .addColumn('record_ref', text, (c) => c.notNull())
    .addColumn('reason', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('ingestion_rejections_pk', ['run_id', 'seq'])
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('prefix', text, (c) => c.notNull())
    .addColumn('key_hash', text, (c) => c.notNull().unique())
    .addColumn('environment', text, (c) => c.notNull())
    .addColumn('subscription_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('expires_at', text)
    .addColumn('revoked_at', text)
    .execute();
}
