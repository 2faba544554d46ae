import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../schema.js';
import { pageOffset, type PageRequest } from './page.js';

/** The match list's filters, as the API allows them. */
export interface MatchFilter {
  competitionId?: string;
  /** Several competitions (2 to MAX_LISTED): any of them. `competitionId` is then the first. */
  competitionIds?: readonly string[];
  seasonId?: string;
  /** Home or away. */
  teamId?: string;
  /** Several teams (2 to MAX_LISTED), home or away: any of them. `teamId` is then the first. */
  teamIds?: readonly string[];
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
  /** A local day (`date`, in a time zone); not with dateFrom or dateTo. */
  localDay?: LocalDay;
}

/**
 * A day in a time zone: kick-offs with a time from its first instant to the next day's (instants spelled
 * as stored), and date-only kick-offs on its date, whatever the zone.
 */
export interface LocalDay {
  date: string;
  from: string;
  before: string;
}

/** The most values a list filter takes: each team is two index ranges merged, each competition one. */
export const MAX_LISTED = 10;

/** Kick-off order, oldest first or newest first; ties (one kick-off) by ID in the same direction. */
export type KickOffOrder = 'asc' | 'desc';

/**
 * The filters as query parameters (a QueryTemplates shape is which of them are present). A list's values
 * after the first are `<name>2`, `<name>3`, ..., so that a list's length is part of the shape.
 */
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
  /** A local day: its window (dayFrom, dayBefore) and date-only kick-offs' instant (dayDate). */
  dayFrom?: string;
  dayBefore?: string;
  dayDate?: string;
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

/** The values of a list after its first, as `<name>2`, `<name>3`, ... */
function listed(params: FilterParams, name: string, values: readonly string[] | undefined): void {
  if (!values) return;
  for (let i = 1; i < values.length; i += 1) params[`${name}${i + 1}`] = values[i];
}

/** A list's values, from `<name>` (the first) and `<name>2`, ...: one value, or none, for a plain filter. */
function valuesOf(params: FilterParams, name: string): string[] {
  const values: string[] = [];
  for (let i = 1; i <= MAX_LISTED; i += 1) {
    const value = params[i === 1 ? name : `${name}${i}`];
    if (value === undefined) break;
    values.push(String(value));
  }
  return values;
}

/**
 * A local day's kick-offs lie in [startsFrom, startsBefore), the window and its date's midnight UTC (a
 * date-only kick-off's instant) together, at most a day and a half: the index range the read walks, which
 * dayCondition then narrows to the day's.
 */
function localDayParams(params: FilterParams, day: LocalDay): void {
  const midnight = `${day.date}T00:00:00Z`;
  const afterMidnight = `${day.date}T00:00:01Z`;
  params.startsFrom = day.from < midnight ? day.from : midnight;
  params.startsBefore = day.before > afterMidnight ? day.before : afterMidnight;
  params.dayFrom = day.from;
  params.dayBefore = day.before;
  params.dayDate = midnight;
}

export function filterParams(filter: MatchFilter): FilterParams {
  const { teamId, opponentId } = filter;
  const pair = teamId && opponentId ? ordered(teamId, opponentId) : undefined;
  const params: FilterParams = {
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
  listed(params, 'competitionId', filter.competitionIds);
  if (!pair) listed(params, 'teamId', filter.teamIds);
  if (filter.localDay) localDayParams(params, filter.localDay);
  return params;
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

/** The filters other than the team, the change time, and a list of competitions that branches. */
function otherFilters(params: FilterParams, competitions: readonly string[]): Condition[] {
  const conditions: Condition[] = [];
  if (competitions.length === 1) conditions.push(eb('matches.competition_id', '=', competitions[0]!));
  else if (competitions.length > 1) conditions.push(eb('matches.competition_id', 'in', competitions));
  if (params.status) conditions.push(eb('matches.status', '=', params.status));
  if (params.seasonId) conditions.push(eb('matches.season_id', '=', params.seasonId));
  if (params.round) conditions.push(eb(servedRound, '=', params.round));
  if (params.startsFrom) conditions.push(eb('matches.starts_at', '>=', params.startsFrom));
  if (params.startsBefore) conditions.push(eb('matches.starts_at', '<', params.startsBefore));
  if (params.dayDate) conditions.push(dayCondition(params));
  return conditions;
}

/** A local day's kick-offs: with a time, in its window; date-only, on its date (time_known: 1 or 0). */
function dayCondition(params: FilterParams): Condition {
  return eb.or([
    eb.and([
      eb('matches.time_known', '=', sql.lit(1)),
      eb('matches.starts_at', '>=', params.dayFrom!),
      eb('matches.starts_at', '<', params.dayBefore!),
    ]),
    eb.and([eb('matches.time_known', '=', sql.lit(0)), eb('matches.starts_at', '=', params.dayDate!)]),
  ]);
}

// Spelled as migration 0013 indexes them: a pairing's two teams, in ID order whichever is at home.
const firstOfPair = sql<string>`(case when matches.home_team_id < matches.away_team_id then matches.home_team_id else matches.away_team_id end)`;
const secondOfPair = sql<string>`(case when matches.home_team_id < matches.away_team_id then matches.away_team_id else matches.home_team_id end)`;

/**
 * The team filter: the matches of a pairing (one range of matches_pairing_order), or each team's matches
 * at home and away (two ranges a team), or none. With several teams, a match between two of them is
 * listed once, by its home team: the away ranges leave out the matches whose home team is listed.
 */
function teamConditions(params: FilterParams): Condition[][] {
  const { pairFirst, pairSecond } = params;
  if (pairFirst && pairSecond) return [[eb(firstOfPair, '=', pairFirst), eb(secondOfPair, '=', pairSecond)]];
  const teams = valuesOf(params, 'teamId');
  if (teams.length === 1) {
    return [[eb('matches.home_team_id', '=', teams[0]!)], [eb('matches.away_team_id', '=', teams[0]!)]];
  }
  return teams.flatMap((team) => [
    [eb('matches.home_team_id', '=', team)],
    [eb('matches.away_team_id', '=', team), eb('matches.home_team_id', 'not in', teams)],
  ]);
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
 *   twice: every source adapter rejects a match whose two sides are one team. Several teams: two ranges
 *   each, merged alike (see teamConditions for a match between two of them).
 * - several competitions (no team): a range of each, merged alike; they are disjoint.
 * - otherwise, a pairing included, one range of the index of the most selective filter, in kick-off order.
 */
export function matching(db: Kysely<Database>, params: FilterParams, columns: readonly MatchColumn[]) {
  const teams = teamConditions(params);
  const competitions = valuesOf(params, 'competitionId');
  if (params.changedAfter) {
    const conditions = [
      // A literal, not a parameter: query templates bind only the filters' values.
      eb('changes.kind', '=', sql.lit('match')),
      eb('changes.changed_at', '>', params.changedAfter),
      eb('matches.id', '=', eb.ref('changes.record_id')),
      ...otherFilters(params, competitions),
    ];
    if (teams.length > 0) conditions.push(eb.or(teams.map(all)));
    return db.selectFrom('changes').crossJoin('matches').where(all(conditions)).select(columns);
  }
  // Without teams, several competitions are a range each; with teams, a filter on the teams' ranges.
  const byCompetition = teams.length === 0 && competitions.length > 1;
  const branches = byCompetition
    ? competitions.map((competition) => [eb('matches.competition_id', '=', competition)])
    : teams;
  const rest = otherFilters(params, byCompetition ? [] : competitions);
  const select = (branch: Condition[]) => {
    const conditions = [...branch, ...rest];
    const query = db.selectFrom('matches');
    return (conditions.length > 0 ? query.where(all(conditions)) : query).select(columns);
  };
  if (branches.length === 0) return select([]);
  return branches.slice(1).reduce((union, branch) => union.unionAll(select(branch)), select(branches[0]!));
}
