import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// A team's matches in one season, the commonest list filter: each side found through its own index,
// already in listing order, instead of scanning the whole season.
export async function up(db: AnyDb): Promise<void> {
  for (const side of ['home_team_id', 'away_team_id']) {
    await db.schema
      .createIndex(`matches_${side}_season_order`)
      .on('matches')
      .columns([side, 'season_id', 'starts_at', 'id'])
      .execute();
  }
}
