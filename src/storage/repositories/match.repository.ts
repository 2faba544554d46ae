import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Storage } from '../connection.js';
import { QueryTemplates, readRows } from '../query-templates.js';
import type { Database, MatchTable } from '../schema.js';
import { joinNameTables } from './match-json.js';
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
  'matches.venue_city',
  'matches.venue_country',
  'matches.neutral',
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
  return joinNameTables(query).select([
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

type Matches = SelectQueryBuilder<Database, 'matches', object>;

/** The filters other than the team. */
function otherFilters(query: Matches, params: ListParams): Matches {
  let q = query;
  if (params.competitionId) q = q.where('matches.competition_id', '=', params.competitionId);
  if (params.status) q = q.where('matches.status', '=', params.status);
  if (params.seasonId) q = q.where('matches.season_id', '=', params.seasonId);
  if (params.startsFrom) q = q.where('matches.starts_at', '>=', params.startsFrom);
  if (params.startsBefore) q = q.where('matches.starts_at', '<', params.startsBefore);
  return q;
}

/**
 * The page's matches, ID and kick-off, in listing order. A team's matches are two index ranges, one per
 * side ((home|away)_team_id, season_id, starts_at, id), each already in order: the database merges them
 * and stops after the page, reading ~40 index entries for a team's season and no table row at all. UNION
 * ALL cannot list a match twice: every source adapter rejects a match whose two sides are one team.
 */
function page(db: Kysely<Database>, params: ListParams) {
  const columns = ['matches.id', 'matches.starts_at'] as const;
  const side = (column: 'matches.home_team_id' | 'matches.away_team_id', teamId: string) =>
    otherFilters(db.selectFrom('matches').where(column, '=', teamId), params).select(columns);
  const { teamId } = params;
  const matching = teamId
    ? side('matches.home_team_id', teamId).unionAll(side('matches.away_team_id', teamId))
    : otherFilters(db.selectFrom('matches'), params).select(columns);
  return db
    .selectFrom(matching.as('page'))
    .select(['page.id', 'page.starts_at'])
    .orderBy('page.starts_at')
    .orderBy('page.id')
    .limit(params.limit)
    .offset(params.offset);
}

/** Only the page's rows are read, in the page's order. */
function pageQuery(db: Kysely<Database>, params: ListParams) {
  return db.selectFrom(page(db, params).as('page')).orderBy('page.starts_at').orderBy('page.id');
}

const listTemplates = new QueryTemplates<ListParams>((db, params) =>
  joinNames(pageQuery(db, params).innerJoin('matches', 'matches.id', 'page.id')).select(SUMMARY_COLUMNS),
);

// Each match's JSON as the run that wrote it stored it: no names to join, one text value per match.
const jsonTemplates = new QueryTemplates<ListParams>((db, params) =>
  pageQuery(db, params)
    .leftJoin('match_json', (join) =>
      join.onRef('match_json.starts_at', '=', 'page.starts_at').onRef('match_json.id', '=', 'page.id'),
    )
    .select('match_json.json'),
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

/** The stored JSON of a page's matches, or undefined when a match of the page has none. */
function jsonPage(json: (string | null)[], page: PageRequest): PageResult<string> | undefined {
  // Stored by every run since the table exists; a row written by other means is read the slow way.
  if (json.includes(null)) return undefined;
  return toPage(json as string[], page);
}

/**
 * The same page as listMatches, each match as the API's JSON text stored by the runs that wrote it
 * (match-json.ts). Undefined where the database stores no JSON (PostgreSQL), or when a match of the page
 * has none: the caller then reads the rows.
 */
export async function listMatchesAsJson(
  storage: Storage,
  filter: MatchFilter,
  page: PageRequest,
): Promise<PageResult<string> | undefined> {
  return matchJsonPageReaderNow(storage)?.(filter, page);
}

export type MatchJsonPageReader = (filter: MatchFilter, page: PageRequest) => PageResult<string> | undefined;

/** listMatchesAsJson, synchronous, where the database is in process (SQLite); undefined otherwise. */
export function matchJsonPageReaderNow(storage: Storage): MatchJsonPageReader | undefined {
  const { readColumnNow } = storage;
  if (!readColumnNow) return undefined;
  return (filter, page) => {
    const query = jsonTemplates.compile(storage.db, listParams(filter, page));
    return jsonPage(readColumnNow(query) as (string | null)[], page);
  };
}

const oneMatchJson = new QueryTemplates<{ id: string }>((db, { id }) =>
  db.selectFrom('match_json').select('match_json.json').where('match_json.id', '=', id),
);

/**
 * One match's stored JSON (match-json.ts), synchronous, where the database is in process (SQLite);
 * undefined there when the match has none, and no reader at all elsewhere.
 */
export function matchJsonReaderNow(storage: Storage): ((id: string) => string | undefined) | undefined {
  const { readColumnNow } = storage;
  if (!readColumnNow) return undefined;
  return (id) => readColumnNow(oneMatchJson.compile(storage.db, { id }))[0] as string | undefined;
}

const oneMatch = new QueryTemplates<{ id: string }>((db, { id }) =>
  joinNames(db.selectFrom('matches').where('matches.id', '=', id)).selectAll('matches'),
);

export async function findMatch(storage: Storage, id: string): Promise<MatchRow | undefined> {
  const [row] = await readRows<MatchRow>(storage, oneMatch.compile(storage.db, { id }));
  return row;
}
