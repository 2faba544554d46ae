import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Storage } from '../connection.js';
import { QueryTemplates, readRows } from '../query-templates.js';
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

interface ListParams extends Record<string, string | number | undefined> {
  competitionId?: string;
  status?: string;
  teamId?: string;
  seasonId?: string;
  startsFrom?: string;
  startsBefore?: string;
  limit: number;
  offset: number;
}

/** The page's IDs, from the index alone; only those rows are then read and joined to names. */
function pageIds(db: Kysely<Database>, params: ListParams) {
  let query = db.selectFrom('matches');
  if (params.competitionId) query = query.where('matches.competition_id', '=', params.competitionId);
  if (params.status) query = query.where('matches.status', '=', params.status);
  const { teamId, seasonId } = params;
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
  if (params.startsFrom) query = query.where('matches.starts_at', '>=', params.startsFrom);
  if (params.startsBefore) query = query.where('matches.starts_at', '<', params.startsBefore);
  return query
    .select('matches.id')
    .orderBy('matches.starts_at')
    .orderBy('matches.id')
    .limit(params.limit)
    .offset(params.offset);
}

function pageQuery(db: Kysely<Database>, params: ListParams) {
  return joinNames(db.selectFrom('matches').where('matches.id', 'in', pageIds(db, params)))
    .orderBy('matches.starts_at')
    .orderBy('matches.id');
}

const listTemplates = new QueryTemplates<ListParams>((db, params) =>
  pageQuery(db, params).select(SUMMARY_COLUMNS),
);

/**
 * A match as the API shows it, written out by SQLite: a list page then costs one text value per match
 * instead of twenty columns to convert and serialize. It must equal JSON.stringify of the API's toMatch
 * mapper byte for byte, key order included: test/ingest/full-dataset.test.ts checks every match of the
 * dataset. Scores must stay integer columns, as json_object writes a real as 1.0.
 */
const MATCH_JSON = sql<string>`json_object(
  'id', matches.id,
  'competition', json_object('id', matches.competition_id, 'name', competitions.name),
  'season', json_object('id', matches.season_id, 'name', seasons.name),
  'starts_at', matches.starts_at,
  'starts_at_precision', iif(matches.time_known = 1, 'datetime', 'date'),
  'round', coalesce(matches.round, matches.stage),
  'status', matches.status,
  'home_team', json_object('id', matches.home_team_id, 'name', home.name, 'logo_url', home.logo_url, 'score', matches.home_score),
  'away_team', json_object('id', matches.away_team_id, 'name', away.name, 'logo_url', away.logo_url, 'score', matches.away_score),
  'venue', iif(matches.venue_name is null, null, json_object('name', matches.venue_name)),
  'updated_at', matches.updated_at
)`;

const jsonTemplates = new QueryTemplates<ListParams>((db, params) =>
  pageQuery(db, params).select(MATCH_JSON.as('json')),
);

function listParams(filter: MatchFilter, page: PageRequest): ListParams {
  return {
    competitionId: filter.competitionId,
    status: filter.status,
    teamId: filter.teamId,
    seasonId: filter.seasonId,
    startsFrom: filter.dateFrom && `${filter.dateFrom}T00:00:00Z`,
    startsBefore: filter.dateTo && `${nextDay(filter.dateTo)}T00:00:00Z`,
    limit: page.limit + 1,
    offset: pageOffset(page),
  };
}

/** Matches in kick-off order (starts_at, then id), filtered as the API allows. */
export async function listMatches(
  storage: Storage,
  filter: MatchFilter,
  page: PageRequest,
): Promise<PageResult<MatchSummaryRow>> {
  const query = listTemplates.compile(storage.db, listParams(filter, page));
  return toPage(await readRows<MatchSummaryRow>(storage, query), page);
}

/**
 * The same page as listMatches, each match as the API's JSON text; only where the database writes that
 * JSON itself (SQLite), otherwise undefined.
 */
export async function listMatchesAsJson(
  storage: Storage,
  filter: MatchFilter,
  page: PageRequest,
): Promise<PageResult<string> | undefined> {
  if (storage.engine !== 'sqlite') return undefined;
  const query = jsonTemplates.compile(storage.db, listParams(filter, page));
  const rows = await readRows<{ json: string }>(storage, query);
  return toPage(
    rows.map((row) => row.json),
    page,
  );
}

const oneMatch = new QueryTemplates<{ id: string }>((db, { id }) =>
  joinNames(db.selectFrom('matches').where('matches.id', '=', id)).selectAll('matches'),
);

export async function findMatch(storage: Storage, id: string): Promise<MatchRow | undefined> {
  const [row] = await readRows<MatchRow>(storage, oneMatch.compile(storage.db, { id }));
  return row;
}
