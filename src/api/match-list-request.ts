import type { KickOffOrder, MatchFilter } from '../storage/repositories/match.repository.js';
import type { PageRequest } from '../storage/repositories/page.js';
import { dayWindow } from '../representation/zoned-time.js';
import { invalidParameter, type ApiError } from './errors/catalogue.js';

/** What a validated match list query asks for. */
export interface MatchList {
  filter: MatchFilter;
  page: PageRequest;
  order: KickOffOrder;
}

interface MatchListQuery {
  competition_id?: string;
  season_id?: string;
  team_id?: string;
  opponent_id?: string;
  status?: string;
  round?: string;
  date_from?: string;
  date_to?: string;
  date?: string;
  tz?: string;
  updated_since?: string;
  sort?: string;
  page: number;
  limit: number;
}

/** A list filter's values (the schema checked their form and number), each once, in the order given. */
function distinct(list: string | undefined): string[] {
  return list === undefined ? [] : [...new Set(list.split(','))];
}

// The change log's stamps are ISO text in UTC with milliseconds; an instant is compared in that spelling.
const EARLIEST = Date.parse('0000-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An RFC 3339 date-time the schema accepted, spelled as the change log stamps changes. Digits past the
 * millisecond are dropped: stamps are whole milliseconds, so "after" the truncated instant is "after" the
 * given one. A leap second (…:60, which Date cannot read) is the instant after …:59. Instants beyond the
 * years ISO text sorts correctly in (0000-9999) are clamped to them: nothing was logged outside.
 */
export function changeInstant(text: string): string | undefined {
  let ms = Date.parse(text);
  if (Number.isNaN(ms)) ms = Date.parse(text.replace(/(\d\d:\d\d):60/, '$1:59')) + 1000;
  if (Number.isNaN(ms)) return undefined;
  return new Date(Math.min(LATEST, Math.max(EARLIEST, ms))).toISOString();
}

/**
 * The match list a validated query asks for, or the 400 of what the schema cannot say: dates out of
 * order, an opponent without a team (or the team itself), an instant Date cannot read.
 */
export function matchList(query: Readonly<Record<string, unknown>>): MatchList | ApiError {
  const q = query as unknown as MatchListQuery;
  if (q.date_from && q.date_to && q.date_from > q.date_to) {
    return invalidParameter('date_to', 'must not be before date_from');
  }
  if (q.date && (q.date_from || q.date_to)) {
    return invalidParameter('date', 'is one day: not with date_from or date_to');
  }
  const teams = distinct(q.team_id);
  const competitions = distinct(q.competition_id);
  if (q.opponent_id !== undefined && q.team_id === undefined) {
    return invalidParameter('opponent_id', 'needs team_id: the opponent of which team');
  }
  if (q.opponent_id !== undefined && teams.length > 1) {
    return invalidParameter('opponent_id', 'needs one team_id, not several: the opponent of which team');
  }
  if (q.opponent_id !== undefined && q.opponent_id === q.team_id) {
    return invalidParameter('opponent_id', 'must not be team_id: a team never plays itself');
  }
  const changedAfter = q.updated_since === undefined ? undefined : changeInstant(q.updated_since);
  if (q.updated_since !== undefined && changedAfter === undefined) {
    return invalidParameter('updated_since', 'must match format "date-time"');
  }
  return {
    filter: {
      competitionId: competitions[0],
      competitionIds: competitions.length > 1 ? competitions : undefined,
      seasonId: q.season_id,
      teamId: teams[0],
      teamIds: teams.length > 1 ? teams : undefined,
      opponentId: q.opponent_id,
      status: q.status,
      round: q.round,
      dateFrom: q.date_from,
      dateTo: q.date_to,
      changedAfter,
      // A day in tz (schemas/time-zone.ts resolved it), UTC by default.
      localDay: q.date ? { date: q.date, ...dayWindow(q.date, q.tz ?? 'UTC') } : undefined,
    },
    page: { page: q.page, limit: q.limit },
    order: orderOf(q),
  };
}

/**
 * The kick-off order: `sort` when given; without it, oldest first for a list bounded in time (a season,
 * a day or a date window reads as a fixture list) and newest first for the rest (the whole archive, a
 * team's or a competition's matches, read as "what happened last": the unbounded list no longer opens
 * with Scotland v England, 1872). docs/api.md, "Match list order".
 */
export function orderOf(
  q: Pick<MatchListQuery, 'sort' | 'season_id' | 'date' | 'date_from' | 'date_to'>,
): KickOffOrder {
  if (q.sort !== undefined) return q.sort === '-starts_at' ? 'desc' : 'asc';
  const bounded = q.season_id ?? q.date ?? q.date_from ?? q.date_to;
  return bounded === undefined ? 'desc' : 'asc';
}
