import type { Compilable, Kysely, SelectQueryBuilder } from 'kysely';
import type { Storage } from '../connection.js';
import { QueryTemplates, readRows } from '../query-templates.js';
import type { Database, MatchTable } from '../schema.js';
import { joinNameTables } from './match-json.js';
import {
  listParams,
  matching,
  type KickOffOrder,
  type ListParams,
  type MatchFilter,
} from './match-list-query.js';
import { toPage, type PageRequest, type PageResult } from './page.js';

export type { KickOffOrder, MatchFilter } from './match-list-query.js';

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

/** The page's matches, ID and kick-off, in listing order (see `matching` for how each shape is read). */
function page(db: Kysely<Database>, params: ListParams, order: KickOffOrder) {
  return db
    .selectFrom(matching(db, params, ['matches.id', 'matches.starts_at']).as('page'))
    .select(['page.id', 'page.starts_at'])
    .orderBy('page.starts_at', order)
    .orderBy('page.id', order)
    .limit(params.limit)
    .offset(params.offset);
}

/** Only the page's rows are read, in the page's order. */
function pageQuery(db: Kysely<Database>, params: ListParams, order: KickOffOrder) {
  return db
    .selectFrom(page(db, params, order).as('page'))
    .orderBy('page.starts_at', order)
    .orderBy('page.id', order);
}

/** Query templates per kick-off order: a template's shape is which parameters are present, not the order. */
function byOrder(build: (db: Kysely<Database>, params: ListParams, order: KickOffOrder) => Compilable) {
  return {
    asc: new QueryTemplates<ListParams>((db, params) => build(db, params, 'asc')),
    desc: new QueryTemplates<ListParams>((db, params) => build(db, params, 'desc')),
  };
}

const listTemplates = byOrder((db, params, order) =>
  joinNames(pageQuery(db, params, order).innerJoin('matches', 'matches.id', 'page.id')).select(
    SUMMARY_COLUMNS,
  ),
);

// Each match's JSON as the run that wrote it stored it: no names to join, one text value per match.
const jsonTemplates = byOrder((db, params, order) =>
  pageQuery(db, params, order)
    .leftJoin('match_json', (join) =>
      join.onRef('match_json.starts_at', '=', 'page.starts_at').onRef('match_json.id', '=', 'page.id'),
    )
    .select('match_json.json'),
);

/** Matches in kick-off order (starts_at then id, ascending or descending), filtered as the API allows. */
export async function listMatches(
  storage: Storage,
  filter: MatchFilter,
  page: PageRequest,
  order: KickOffOrder = 'asc',
): Promise<PageResult<MatchSummaryRow>> {
  const query = listTemplates[order].compile(storage.db, listParams(filter, page));
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
  order: KickOffOrder = 'asc',
): Promise<PageResult<string> | undefined> {
  return matchJsonPageReaderNow(storage)?.(filter, page, order);
}

export type MatchJsonPageReader = (
  filter: MatchFilter,
  page: PageRequest,
  order?: KickOffOrder,
) => PageResult<string> | undefined;

/** listMatchesAsJson, synchronous, where the database is in process (SQLite); undefined otherwise. */
export function matchJsonPageReaderNow(storage: Storage): MatchJsonPageReader | undefined {
  const { readColumnNow } = storage;
  if (!readColumnNow) return undefined;
  return (filter, page, order = 'asc') => {
    const query = jsonTemplates[order].compile(storage.db, listParams(filter, page));
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
