import type { MatchFilter } from '../storage/repositories/match.repository.js';
import type { PageRequest } from '../storage/repositories/page.js';
import { PageQuery } from './schemas/common.js';
import { MatchStatus } from './schemas/resources.js';

export interface MatchListQuery {
  filter: MatchFilter;
  page: PageRequest;
}

type Reader = (value: string) => string | number | undefined;

const STATUSES: ReadonlySet<string> = new Set(MatchStatus.anyOf.map((literal) => literal.const));

const prefixedId =
  (prefix: string): Reader =>
  (value) =>
    value.startsWith(prefix) && /^[0-9a-z]+$/.test(value.slice(prefix.length)) ? value : undefined;

/** A real calendar day (2023-02-29 is not one), as the schema's `date` format requires. */
const day: Reader = (value) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const at = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().startsWith(value) ? value : undefined;
};

/** A decimal in [minimum, maximum] of the schema, without sign, leading zeros or anything else. */
const integer =
  (schema: { minimum?: number; maximum?: number }): Reader =>
  (value) => {
    if (!/^[1-9]\d{0,9}$/.test(value)) return undefined;
    const n = Number(value);
    return n >= (schema.minimum ?? 1) && n <= (schema.maximum ?? 0) ? n : undefined;
  };

// A Map, so that names such as `constructor` find nothing.
const READERS = new Map<string, Reader>([
  ['competition_id', prefixedId('comp_')],
  ['season_id', prefixedId('season_')],
  ['team_id', prefixedId('team_')],
  ['status', (value) => (STATUSES.has(value) ? value : undefined)],
  ['date_from', day],
  ['date_to', day],
  ['page', integer(PageQuery.page)],
  ['limit', integer(PageQuery.limit)],
]);

/**
 * The match list's query string, read only where reading it is beyond doubt: every parameter known,
 * given once, in plain characters (no percent-encoding, no `+`), with a value the route's schema accepts,
 * and the dates in order. Anything else is undefined, and the route, with the schema's validation and its
 * error answers, reads it instead. This reader may refuse what the schema accepts, never the reverse: a
 * test holds its answers to the route's.
 */
export function readMatchListQuery(search: string): MatchListQuery | undefined {
  const values = new Map<string, string | number>();
  if (search.includes('%') || search.includes('+')) return undefined;
  for (const part of search === '' ? [] : search.split('&')) {
    const at = part.indexOf('=');
    const name = part.slice(0, at);
    const value = at < 0 || values.has(name) ? undefined : READERS.get(name)?.(part.slice(at + 1));
    if (value === undefined) return undefined;
    values.set(name, value);
  }
  const text = (name: string) => values.get(name) as string | undefined;
  const dateFrom = text('date_from');
  const dateTo = text('date_to');
  if (dateFrom && dateTo && dateFrom > dateTo) return undefined;
  return {
    filter: {
      competitionId: text('competition_id'),
      seasonId: text('season_id'),
      teamId: text('team_id'),
      status: text('status'),
      dateFrom,
      dateTo,
    },
    page: {
      page: (values.get('page') as number | undefined) ?? PageQuery.page.default,
      limit: (values.get('limit') as number | undefined) ?? PageQuery.limit.default,
    },
  };
}
