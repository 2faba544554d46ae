import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, MatchTable } from '../schema.js';
import { pageOffset, toPage, type PageRequest, type PageResult } from './page.js';

export interface MatchFilter {
  competitionId?: string;
  seasonId?: string;
  teamId?: string;
  status?: string;
  /** Inclusive UTC dates, YYYY-MM-DD. */
  dateFrom?: string;
  dateTo?: string;
}

export type MatchRow = MatchTable & {
  competition_name: string;
  season_name: string;
  home_team_name: string;
  home_team_logo_url: string | null;
  away_team_name: string;
  away_team_logo_url: string | null;
};

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function withNames<O>(query: SelectQueryBuilder<Database, 'matches', O>) {
  return query
    .innerJoin('competitions', 'competitions.id', 'matches.competition_id')
    .innerJoin('seasons', 'seasons.id', 'matches.season_id')
    .innerJoin('teams as home', 'home.id', 'matches.home_team_id')
    .innerJoin('teams as away', 'away.id', 'matches.away_team_id')
    .selectAll('matches')
    .select([
      'competitions.name as competition_name',
      'seasons.name as season_name',
      'home.name as home_team_name',
      'home.logo_url as home_team_logo_url',
      'away.name as away_team_name',
      'away.logo_url as away_team_logo_url',
    ]);
}

/** Matches in kick-off order (starts_at, then id), filtered as the API allows. */
export async function listMatches(
  db: Kysely<Database>,
  filter: MatchFilter,
  page: PageRequest,
): Promise<PageResult<MatchRow>> {
  let query = db.selectFrom('matches');
  if (filter.competitionId) query = query.where('matches.competition_id', '=', filter.competitionId);
  if (filter.status) query = query.where('matches.status', '=', filter.status);
  const { teamId, seasonId } = filter;
  if (teamId) {
    // The season test sits inside each side's branch so that each branch is one index range
    // ((home|away)_team_id, season_id): a team's season costs ~40 index entries, not the whole season.
    query = query.where((eb) =>
      eb.or(
        (['matches.home_team_id', 'matches.away_team_id'] as const).map((side) =>
          eb.and([eb(side, '=', teamId), ...(seasonId ? [eb('matches.season_id', '=', seasonId)] : [])]),
        ),
      ),
    );
  } else if (seasonId) {
    query = query.where('matches.season_id', '=', seasonId);
  }
  if (filter.dateFrom) query = query.where('matches.starts_at', '>=', `${filter.dateFrom}T00:00:00Z`);
  if (filter.dateTo) query = query.where('matches.starts_at', '<', `${nextDay(filter.dateTo)}T00:00:00Z`);
  const rows = await withNames(query)
    .orderBy('matches.starts_at')
    .orderBy('matches.id')
    .limit(page.limit + 1)
    .offset(pageOffset(page))
    .execute();
  return toPage(rows as MatchRow[], page);
}

export async function findMatch(db: Kysely<Database>, id: string): Promise<MatchRow | undefined> {
  const row = await withNames(db.selectFrom('matches').where('matches.id', '=', id)).executeTakeFirst();
  return row as MatchRow | undefined;
}
