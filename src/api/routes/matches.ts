import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import type { Storage } from '../../storage/connection.js';
import { run, then, wait, type Steps } from '../../storage/maybe.js';
import { newestChangeOf } from '../../storage/repositories/change-log.repository.js';
import { headToHead } from '../../storage/repositories/head-to-head.repository.js';
import {
  findMatch,
  findMatches,
  findMatchesJson,
  findMatchJson,
  listMatches,
  listMatchesAsJson,
} from '../../storage/repositories/match.repository.js';
import { allExist } from '../../storage/repositories/record-existence.js';
import { ApiError, invalidParameter, notFound } from '../errors/catalogue.js';
import { toHeadToHead } from '../mappers.js';
import { matchJson } from '../../representation/match.js';
import { matchJsonInZone } from '../../representation/match-in-zone.js';
import { matchList, type MatchList } from '../match-list-request.js';
import {
  answerHandler,
  cachedJsonPageText,
  type Answer,
  type AnswerTools,
  type RouteDeps,
} from '../route-context.js';
import { withIncludes } from '../match-includes.js';
import { IncludeQuery, includesOf, Included, MAX_INCLUDED_MATCHES } from '../schemas/match-include.js';
import { errorResponses } from '../schemas/common.js';
import { IdParams } from '../schemas/ids.js';
import { MatchListMeta, MatchListQuery } from '../schemas/match-list.js';
import { Match } from '../schemas/resources.js';
import { TimeZoneQuery, zoneOf } from '../schemas/time-zone.js';

const tags = ['matches'];

/** A match, with the details include= asks for. */
const MatchWithDetails = Type.Object(
  { ...Match.properties, included: Type.Optional(Included) },
  { description: Match.description },
);

/** What the match list's meta adds to pagination's, in the schema's order. */
type MoreMeta = Pick<Static<typeof MatchListMeta>, 'head_to_head' | 'next_updated_since' | 'missing'>;

/** A page of the match list before its text: the matches' JSON, and what its meta says. */
interface ListedPage {
  rows: string[];
  page: { page: number; limit: number };
  hasMore: boolean;
  more: MoreMeta;
}

/** The head-to-head record of every page, and where an updated_since client resumes: both as asked. */
function* moreMeta(storage: Storage, { filter }: MatchList): Steps<MoreMeta> {
  const more: MoreMeta = {};
  if (filter.opponentId) {
    const record = yield* wait(headToHead(storage, filter));
    more.head_to_head = toHeadToHead(filter.teamId!, filter.opponentId, record);
  }
  if (filter.changedAfter) more.next_updated_since = yield* wait(newestChangeOf(storage, 'match'));
  return more;
}

type Table = 'teams' | 'competitions' | 'seasons';

/** Throws the 404 of the first of `ids` naming no stored record of `table`. */
function* mustExist(
  storage: Storage,
  table: Table,
  ids: readonly (string | undefined)[],
  what: string,
  parameter: string,
): Steps<void> {
  const named = ids.filter((id): id is string => id !== undefined);
  if (named.length === 0 || (yield* wait(allExist(storage, table, named)))) return;
  for (const id of named) {
    if (!(yield* wait(allExist(storage, table, [id])))) throw notFound(what, id, parameter);
  }
}

/**
 * A page of the match list: the JSON the runs stored for its matches (representation/match.ts's
 * matchJson of their rows), else, for a match written without it, its row through the same function.
 */
function* listPage(storage: Storage, query: Readonly<Record<string, unknown>>): Steps<ListedPage> {
  if (typeof query.ids === 'string') return yield* idsPage(storage, query);
  if (includesOf(query).length > 0 && (query.limit as number) > MAX_INCLUDED_MATCHES) {
    throw invalidParameter(
      'include',
      `include takes a page of at most ${MAX_INCLUDED_MATCHES} matches (limit)`,
    );
  }
  const list = matchList(query);
  if (list instanceof ApiError) throw list;
  const { filter } = list;
  const { season_id, opponent_id } = query as { season_id?: string; opponent_id?: string };
  // Before the page: a run committing between the two reads then makes next_updated_since older than
  // the page (its changes are listed again next time), never newer (they would be missed).
  const more = yield* moreMeta(storage, list);
  let page = yield* wait(listMatchesAsJson(storage, filter, list.page, list.order));
  if (!page) {
    const rows = yield* wait(listMatches(storage, filter, list.page, list.order));
    page = { rows: rows.rows.map(matchJson), hasMore: rows.hasMore };
  }
  // A page with rows proves the filters name existing records; only an empty one needs checking, or
  // one filtered by a list (its rows prove only some of the list).
  if (page.rows.length === 0 || filter.teamIds || filter.competitionIds) {
    const competitions = filter.competitionIds ?? [filter.competitionId];
    yield* mustExist(storage, 'competitions', competitions, 'Competition', 'competition_id');
    yield* mustExist(storage, 'seasons', [season_id], 'Season', 'season_id');
    yield* mustExist(storage, 'teams', filter.teamIds ?? [filter.teamId], 'Team', 'team_id');
    yield* mustExist(storage, 'teams', [opponent_id], 'Team', 'opponent_id');
  }
  return { rows: inZone(page.rows, query), page: list.page, hasMore: page.hasMore, more };
}

/** Match JSON in the query's zone (tz), as stored without one. */
const inZone = (rows: readonly string[], query: Readonly<Record<string, unknown>>) => {
  const zone = zoneOf(query);
  return zone ? rows.map((json) => matchJsonInZone(json, zone)) : [...rows];
};

/** The list's filters, none of which ids= takes with it. */
const FILTERS = [
  'competition_id',
  'season_id',
  'team_id',
  'opponent_id',
  'status',
  'round',
  'date_from',
  'date_to',
  'date',
  'updated_since',
] as const;

/**
 * `ids=`: the matches named, in the order asked (one named twice once, where first asked), in one page,
 * read at once; the IDs naming no match in meta.missing.
 */
function* idsPage(storage: Storage, query: Readonly<Record<string, unknown>>): Steps<ListedPage> {
  const other = FILTERS.find((name) => query[name] !== undefined);
  if (other) throw invalidParameter(other, `${other} cannot be combined with ids`);
  if (query.page !== 1) throw invalidParameter('page', 'ids answers in one page: page must be 1');
  const ids = [...new Set((query.ids as string).split(','))];
  if (includesOf(query).length > 0 && ids.length > MAX_INCLUDED_MATCHES) {
    throw invalidParameter('include', `include takes at most ${MAX_INCLUDED_MATCHES} matches (ids)`);
  }
  const stored = yield* wait(findMatchesJson(storage, ids));
  const without = ids.filter((id) => !stored.has(id));
  const rows = without.length > 0 ? yield* wait(findMatches(storage, without)) : new Map();
  const found: string[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const json = stored.get(id) ?? (rows.has(id) ? matchJson(rows.get(id)!) : undefined);
    if (json === undefined) missing.push(id);
    else found.push(json);
  }
  return {
    rows: inZone(found, query),
    page: { page: 1, limit: ids.length },
    hasMore: false,
    more: { missing },
  };
}

/** The list's answer: its page's text, with the details include= asks for in each match. */
function listText(
  storage: Storage,
  page: ListedPage,
  query: Readonly<Record<string, unknown>>,
  tools: AnswerTools,
) {
  const text = (rows: readonly string[]) => cachedJsonPageText(rows, page.page, page.hasMore, page.more);
  const includes = includesOf(query);
  return includes.length === 0
    ? text(page.rows)
    : withIncludes(storage, page.rows, includes, tools).then(text);
}

/** One match: the JSON the runs stored, else its row's matchJson; in `zone` if asked. */
function* oneMatch(storage: Storage, id: string, zone: string | undefined): Steps<string> {
  let json = yield* wait(findMatchJson(storage, id));
  if (json === undefined) {
    const row = yield* wait(findMatch(storage, id));
    if (!row) throw notFound('Match', id);
    json = matchJson(row);
  }
  return zone ? matchJsonInZone(json, zone) : json;
}

export const matchRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { storage }) => {
  const listAnswer: Answer = (_params, query, tools) =>
    then(run(listPage(storage, query)), (page) => listText(storage, page, query, tools));
  const oneAnswer: Answer = (params, query, tools) =>
    then(run(oneMatch(storage, params.match_id!, zoneOf(query))), (json) => {
      const includes = includesOf(query);
      if (includes.length === 0) return `{"data":${json}}`;
      return withIncludes(storage, [json], includes, tools).then(([one]) => `{"data":${one}}`);
    });

  app.get(
    '/football/matches',
    {
      config: { cache: true },
      schema: {
        summary: 'Matches (fixtures and results) in kick-off order',
        description:
          'Ordered by starts_at, then id: sort=starts_at oldest first, sort=-starts_at newest first; without ' +
          'sort, oldest first when season_id, date, date_from or date_to bounds the list, else newest first ' +
          '(a team’s last five results: team_id, status=finished, limit=5). A filter naming an identifier ' +
          'that does not exist answers 404. meta carries has_more instead of a total, so a page costs the ' +
          'same however large the archive is. team_id with opponent_id lists the two teams’ matches and ' +
          'adds their record to meta (head_to_head); updated_since lists the matches changed after an ' +
          'instant, its cost growing with what changed then, and adds meta.next_updated_since. date picks ' +
          'one local day and tz the zone it is a day in and starts_at is shown in (docs/api.md, "Time zones").',
        tags,
        querystring: MatchListQuery,
        response: {
          200: Type.Object({ data: Type.Array(MatchWithDetails), meta: MatchListMeta }),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    answerHandler(listAnswer),
  );

  app.get(
    '/football/matches/:match_id',
    {
      config: { cache: true, cacheScope: ['match_id'] },
      schema: {
        summary: 'One match',
        tags,
        description: 'tz gives starts_at in a time zone, as on the match list.',
        params: IdParams('match_id'),
        querystring: Type.Object({ ...TimeZoneQuery, ...IncludeQuery }, { additionalProperties: false }),
        response: {
          200: Type.Object({ data: MatchWithDetails }),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    answerHandler(oneAnswer),
  );
};
