import type { Compilable, Kysely, SelectQueryBuilder } from 'kysely';
import type { Storage } from '../connection.js';
import { then, type Maybe } from '../maybe.js';
import { QueryTemplates, readColumn, readRows } from '../query-templates.js';
import type { Database, MatchTable } from '../schema.js';
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
  /** The first leg's score, for a second leg's aggregate (representation/match-score.ts). */
  first_leg_home_score: number | null;
  first_leg_away_score: number | null;
}

export type MatchRow = MatchTable & TeamAndCompetitionNames;

/** A match's score by stage (representation/match-score.ts, MatchStages), for every read that shows it. */
export const STAGE_COLUMNS = [
  'matches.ht_home',
  'matches.ht_away',
  'matches.ft_home',
  'matches.ft_away',
  'matches.et_home',
  'matches.et_away',
  'matches.pen_home',
  'matches.pen_away',
  'matches.shootout_winner',
] as const;

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
  'matches.source_status',
  'matches.home_team_id',
  'matches.away_team_id',
  'matches.home_score',
  'matches.away_score',
  ...STAGE_COLUMNS,
  'matches.first_leg_id',
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

/** The tables a match's names come from, and its first leg (a second leg's aggregate reads its score). */
function joinNameTables<O>(query: SelectQueryBuilder<Database, 'matches', O>) {
  return query
    .innerJoin('competitions', 'competitions.id', 'matches.competition_id')
    .innerJoin('seasons', 'seasons.id', 'matches.season_id')
    .innerJoin('teams as home', 'home.id', 'matches.home_team_id')
    .innerJoin('teams as away', 'away.id', 'matches.away_team_id')
    .leftJoin('matches as first_leg', 'first_leg.id', 'matches.first_leg_id');
}

function joinNames<O>(query: SelectQueryBuilder<Database, 'matches', O>) {
  return joinNameTables(query).select([
    'competitions.name as competition_name',
    'seasons.name as season_name',
    'home.name as home_team_name',
    'home.logo_url as home_team_logo_url',
    'away.name as away_team_name',
    'away.logo_url as away_team_logo_url',
    'first_leg.home_score as first_leg_home_score',
    'first_leg.away_score as first_leg_away_score',
  ]);
}

/** What a match shows (MatchSummaryRow) of the matches `query` picks: for the stored JSON (match-json.ts). */
export function selectMatchSummaries(query: SelectQueryBuilder<Database, 'matches', object>) {
  return joinNames(query).select(SUMMARY_COLUMNS).$castTo<MatchSummaryRow>();
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
export function listMatches(
  storage: Storage,
  filter: MatchFilter,
  page: PageRequest,
  order: KickOffOrder = 'asc',
): Maybe<PageResult<MatchSummaryRow>> {
  const query = listTemplates[order].compile(storage.db, listParams(filter, page));
  return then(readRows<MatchSummaryRow>(storage, query), (rows) => toPage(rows, page));
}

/**
 * The same page as listMatches, each match as the JSON text stored by the runs that wrote it
 * (match-json.ts). Undefined when a match of the page has none (a row written by other means): the
 * caller then reads the rows.
 */
export function listMatchesAsJson(
  storage: Storage,
  filter: MatchFilter,
  page: PageRequest,
  order: KickOffOrder = 'asc',
): Maybe<PageResult<string> | undefined> {
  const query = jsonTemplates[order].compile(storage.db, listParams(filter, page));
  return then(readColumn<string | null>(storage, query), (json) =>
    json.includes(null) ? undefined : toPage(json as string[], page),
  );
}

const oneMatchJson = new QueryTemplates<{ id: string }>((db, { id }) =>
  db.selectFrom('match_json').select('match_json.json').where('match_json.id', '=', id),
);

/** One match's stored JSON (match-json.ts); undefined when it has none. */
export function findMatchJson(storage: Storage, id: string): Maybe<string | undefined> {
  return then(readColumn<string>(storage, oneMatchJson.compile(storage.db, { id })), ([json]) => json);
}

const oneMatch = new QueryTemplates<{ id: string }>((db, { id }) =>
  joinNames(db.selectFrom('matches').where('matches.id', '=', id)).selectAll('matches'),
);

export function findMatch(storage: Storage, id: string): Maybe<MatchRow | undefined> {
  return then(readRows<MatchRow>(storage, oneMatch.compile(storage.db, { id })), ([row]) => row);
}

/** The stored JSON (match-json.ts) of each of `ids` that has some, by ID: one read for the whole list. */
export function findMatchesJson(storage: Storage, ids: readonly string[]): Maybe<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const query = storage.db
    .selectFrom('match_json')
    .select(['match_json.id', 'match_json.json'])
    .where('match_json.id', 'in', [...ids])
    .compile();
  return then(
    readRows<{ id: string; json: string }>(storage, query),
    (rows) => new Map(rows.map((r) => [r.id, r.json])),
  );
}

/** The rows of `ids` that exist, by ID: one read for the whole list. */
export function findMatches(storage: Storage, ids: readonly string[]): Maybe<Map<string, MatchRow>> {
  if (ids.length === 0) return new Map();
  const query = joinNames(storage.db.selectFrom('matches').where('matches.id', 'in', [...ids]))
    .selectAll('matches')
    .compile();
  return then(readRows<MatchRow>(storage, query), (rows) => new Map(rows.map((r) => [r.id, r])));
}
