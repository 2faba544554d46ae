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

interface TeamAndCompetitionNames {
  competition_name: string;
  season_name: string;
  home_team_name: string;
  home_team_logo_url: string | null;
  away_team_name: string;
  away_team_logo_url: string | null;
}

export type MatchRow = MatchTable & TeamAndCompetitionNames;

/** The columns a match resource shows: what a list page reads, and nothing more. */
const SUMMARY_COLUMNS = [
  'matches.id',
  'matches.competition_id',
  'matches.season_id',
  'matches.starts_at',
  'matches.time_known',
  'matches.round',
  'matches.stage',
  'matches.status',
  'matches.home_team_id',
  'matches.away_team_id',
  'matches.home_score',
  'matches.away_score',
  'matches.venue_name',
  'matches.updated_at',
] as const;

type SummaryColumn = (typeof SUMMARY_COLUMNS)[number] extends `matches.${infer C extends keyof MatchTable}`
  ? C
  : never;

export type MatchSummaryRow = Pick<MatchTable, SummaryColumn> & TeamAndCompetitionNames;

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function joinNames<O>(query: SelectQueryBuilder<Database, 'matches', O>) {
  return query
    .innerJoin('competitions', 'competitions.id', 'matches.competition_id')
    .innerJoin('seasons', 'seasons.id', 'matches.season_id')
    .innerJoin('teams as home', 'home.id', 'matches.home_team_id')
    .innerJoin('teams as away', 'away.id', 'matches.away_team_id')
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
): Promise<PageResult<MatchSummaryRow>> {
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
  // The page's IDs first, from the index alone; only those rows are then read and joined to names.
  const pageIds = query
    .select('matches.id')
    .orderBy('matches.starts_at')
    .orderBy('matches.id')
    .limit(page.limit + 1)
    .offset(pageOffset(page));
  const rows = await joinNames(db.selectFrom('matches').where('matches.id', 'in', pageIds))
    .select(SUMMARY_COLUMNS)
    .orderBy('matches.starts_at')
    .orderBy('matches.id')
    .execute();
  return toPage(rows as MatchSummaryRow[], page);
}

export async function findMatch(db: Kysely<Database>, id: string): Promise<MatchRow | undefined> {
  const row = await joinNames(db.selectFrom('matches').where('matches.id', '=', id))
    .selectAll('matches')
    .executeTakeFirst();
  return row as MatchRow | undefined;
}
