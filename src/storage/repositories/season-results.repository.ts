import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The season's matches as a table is computed from them: teams, status, score, stage and round. */
export async function seasonResults(db: Kysely<Database>, seasonId: string) {
  return db
    .selectFrom('matches')
    .select([
      'id',
      'local_date',
      'home_team_id',
      'away_team_id',
      'status',
      'home_score',
      'away_score',
      'stage',
      'round',
      'starts_at',
      'source',
    ])
    .where('season_id', '=', seasonId)
    .execute();
}

export type SeasonResultRow = Awaited<ReturnType<typeof seasonResults>>[number];

/** The teams of the season's matches with their names and every stored spelling of them. */
export async function seasonTeamNames(
  db: Kysely<Database>,
  seasonId: string,
): Promise<Array<{ id: string; name: string; aliases: string[] }>> {
  const ids = db
    .selectFrom('matches')
    .select('home_team_id as id')
    .where('season_id', '=', seasonId)
    .union(db.selectFrom('matches').select('away_team_id as id').where('season_id', '=', seasonId));
  const teams = await db.selectFrom('teams').select(['id', 'name']).where('id', 'in', ids).execute();
  const aliases = await db
    .selectFrom('team_aliases')
    .select(['team_id', 'alias'])
    .where('team_id', 'in', ids)
    .execute();
  const byTeam = new Map<string, string[]>();
  for (const { team_id, alias } of aliases) {
    if (!byTeam.has(team_id)) byTeam.set(team_id, []);
    byTeam.get(team_id)!.push(alias);
  }
  return teams.map((team) => ({ ...team, aliases: byTeam.get(team.id) ?? [] }));
}

/** The seasons a team has matches in, newest first. */
export async function teamSeasons(db: Kysely<Database>, teamId: string) {
  return db
    .selectFrom('seasons')
    .selectAll('seasons')
    .where((eb) =>
      eb(
        'seasons.id',
        'in',
        eb
          .selectFrom('matches')
          .select('season_id')
          .where((w) => w.or([w('home_team_id', '=', teamId), w('away_team_id', '=', teamId)])),
      ),
    )
    .orderBy('seasons.key', 'desc')
    .execute();
}

/** The team statistics rows of `team`'s matches on `dates` (its own and its opponents'), any source. */
export async function teamStatsOn(db: Kysely<Database>, team: string, dates: readonly string[]) {
  if (dates.length === 0) return [];
  return db
    .selectFrom('match_team_stats')
    .select(['team_id', 'opponent_team_id', 'match_date', 'corners', 'shots_total', 'shots_on_target'])
    .select(['yellow_cards', 'red_cards', 'source'])
    .where((eb) => eb.or([eb('team_id', '=', team), eb('opponent_team_id', '=', team)]))
    .where('match_date', 'in', [...dates])
    .execute();
}

/** The timeline events of `matchIds`: their match, type, team and source (a team's penalties, cards). */
export async function timelineEventsIn(db: Kysely<Database>, matchIds: readonly string[]) {
  if (matchIds.length === 0) return [];
  return db
    .selectFrom('match_events')
    .select(['match_id', 'type', 'team_id', 'source'])
    .where('match_id', 'in', [...matchIds])
    .execute();
}
