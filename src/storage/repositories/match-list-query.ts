import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../schema.js';
import { pageOffset, type PageRequest } from './page.js';

/** The match list's filters, as the API allows them. */
export interface MatchFilter {
  competitionId?: string;
  seasonId?: string;
  /** Home or away. */
  teamId?: string;
  /** With teamId only: the matches between the two teams, either side at home. */
  opponentId?: string;
  status?: string;
  /** The round as served: the source's round, or its stage where it gives none. */
  round?: string;
  /** Inclusive UTC dates, YYYY-MM-DD. */
  dateFrom?: string;
  dateTo?: string;
  /** Matches whose served fields changed after this instant: ISO 8601 in UTC with milliseconds, as logged. */
  changedAfter?: string;
}

/** Kick-off order, oldest first or newest first; ties (one kick-off) by ID in the same direction. */
export type KickOffOrder = 'asc' | 'desc';

/** The filters as query parameters (a QueryTemplates shape is which of them are present). */
export interface FilterParams extends Record<string, string | number | undefined> {
  competitionId?: string;
  status?: string;
  /** Without an opponent: home or away. */
  teamId?: string;
  /** With one: the pairing's two teams in ID order, whichever is at home. */
  pairFirst?: string;
  pairSecond?: string;
  seasonId?: string;
  round?: string;
  startsFrom?: string;
  startsBefore?: string;
  changedAfter?: string;
}

/** The filters and a page of them. */
export interface ListParams extends FilterParams {
  limit: number;
  offset: number;
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Code-unit order, as both engines compare the ID columns (PostgreSQL's carry the C collation). */
const ordered = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

export function filterParams(filter: MatchFilter): FilterParams {
  const { teamId, opponentId } = filter;
  const pair = teamId && opponentId ? ordered(teamId, opponentId) : undefined;
  return {
    competitionId: filter.competitionId,
    status: filter.status,
    teamId: pair ? undefined : teamId,
    pairFirst: pair?.[0],
    pairSecond: pair?.[1],
    seasonId: filter.seasonId,
    round: filter.round,
    startsFrom: filter.dateFrom && `${filter.dateFrom}T00:00:00Z`,
    startsBefore: filter.dateTo && `${nextDay(filter.dateTo)}T00:00:00Z`,
    changedAfter: filter.changedAfter,
  };
}

/** A page of the filtered matches (one row more than the page holds: see toPage). */
export function listParams(filter: MatchFilter, page: PageRequest): ListParams {
  // Added to the filters' object rather than spread into a new one: a spread of this many properties,
  // most of them undefined, made V8 build a slow (dictionary) object, which the per-request template
  // lookup then paid for several times over.
  const params = filterParams(filter) as ListParams;
  params.limit = page.limit + 1;
  params.offset = pageOffset(page);
  return params;
}

const eb = expressionBuilder<Database, 'matches' | 'changes'>();
type Condition = Expression<SqlBool>;

/** Spelled as migration 0013 indexes it: the planners use the index for this expression only. */
const servedRound = sql<string>`coalesce(matches.round, matches.stage)`;

/** The filters other than the team and the change time. */
function otherFilters(params: FilterParams): Condition[] {
  const conditions: Condition[] = [];
  if (params.competitionId) conditions.push(eb('matches.competition_id', '=', params.competitionId));
  if (params.status) conditions.push(eb('matches.status', '=', params.status));
  if (params.seasonId) conditions.push(eb('matches.season_id', '=', params.seasonId));
  if (params.round) conditions.push(eb(servedRound, '=', params.round));
  if (params.startsFrom) conditions.push(eb('matches.starts_at', '>=', params.startsFrom));
  if (params.startsBefore) conditions.push(eb('matches.starts_at', '<', params.startsBefore));
  return conditions;
}

// Spelled as migration 0013 indexes them: a pairing's two teams, in ID order whichever is at home.
const firstOfPair = sql<string>`(case when matches.home_team_id < matches.away_team_id then matches.home_team_id else matches.away_team_id end)`;
const secondOfPair = sql<string>`(case when matches.home_team_id < matches.away_team_id then matches.away_team_id else matches.home_team_id end)`;

/**
 * The team filter: the matches of a pairing (one range of matches_pairing_order), or the team's matches
 * at home and away (two ranges), or none.
 */
function teamConditions({ teamId, pairFirst, pairSecond }: FilterParams): Condition[][] {
  if (pairFirst && pairSecond) return [[eb(firstOfPair, '=', pairFirst), eb(secondOfPair, '=', pairSecond)]];
  if (!teamId) return [];
  return [[eb('matches.home_team_id', '=', teamId)], [eb('matches.away_team_id', '=', teamId)]];
}

const all = (conditions: Condition[]) => (conditions.length === 1 ? conditions[0]! : eb.and(conditions));

export type MatchColumn = `matches.${keyof Database['matches'] & string}`;

/**
 * The filtered matches with `columns`, in no order. Each shape is an index range:
 * - updated_since: the change log's range after the instant (changes_changed), each match then read by
 *   ID and filtered. Its cost grows with what changed since the instant, not with the archive; the log
 *   leads the join (CROSS JOIN fixes SQLite's join order), as a team's or season's index would read every
 *   match of it however little changed.
 * - a team: two index ranges, one per side ((home|away)_team_id, ..., starts_at, id), each already in
 *   kick-off order: the database merges them and stops after the page. UNION ALL cannot list a match
 *   twice: every source adapter rejects a match whose two sides are one team.
 * - otherwise, a pairing included, one range of the index of the most selective filter, in kick-off order.
 */
export function matching(db: Kysely<Database>, params: FilterParams, columns: readonly MatchColumn[]) {
  const teams = teamConditions(params);
  if (params.changedAfter) {
    const conditions = [
      // A literal, not a parameter: query templates bind only the filters' values.
      eb('changes.kind', '=', sql.lit('match')),
      eb('changes.changed_at', '>', params.changedAfter),
      eb('matches.id', '=', eb.ref('changes.record_id')),
      ...otherFilters(params),
    ];
    if (teams.length > 0) conditions.push(eb.or(teams.map(all)));
    return db.selectFrom('changes').crossJoin('matches').where(all(conditions)).select(columns);
  }
  const select = (team: Condition[]) => {
    const conditions = [...team, ...otherFilters(params)];
    const query = db.selectFrom('matches');
    return (conditions.length > 0 ? query.where(all(conditions)) : query).select(columns);
  };
  const [first, second] = teams;
  if (first && second) return select(first).unionAll(select(second));
  return select(first ?? []);
}
