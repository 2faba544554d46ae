import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import type { Storage } from '../../storage/connection.js';
import { run, wait, type Steps } from '../../storage/maybe.js';
import { newestChangeOf } from '../../storage/repositories/change-log.repository.js';
import { headToHead } from '../../storage/repositories/head-to-head.repository.js';
import {
  findMatch,
  findMatchJson,
  listMatches,
  listMatchesAsJson,
} from '../../storage/repositories/match.repository.js';
import { allExist } from '../../storage/repositories/record-existence.js';
import { ApiError, notFound } from '../errors/catalogue.js';
import { toHeadToHead } from '../mappers.js';
import { matchJson } from '../../representation/match.js';
import { matchJsonInZone } from '../../representation/match-in-zone.js';
import { matchList, type MatchList } from '../match-list-request.js';
import { answerHandler, cachedJsonPageText, type Answer, type RouteDeps } from '../route-context.js';
import { errorResponses } from '../schemas/common.js';
import { IdParams } from '../schemas/ids.js';
import { MatchListMeta, MatchListQuery } from '../schemas/match-list.js';
import { Match } from '../schemas/resources.js';
import { TimeZoneQuery, zoneOf } from '../schemas/time-zone.js';

const tags = ['matches'];

/** What the match list's meta adds to pagination's, in the schema's order. */
type MoreMeta = Pick<Static<typeof MatchListMeta>, 'head_to_head' | 'next_updated_since'>;

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
function* listPage(storage: Storage, query: Readonly<Record<string, unknown>>): Steps<string> {
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
  const zone = zoneOf(query);
  const rows = zone ? page.rows.map((json) => matchJsonInZone(json, zone)) : page.rows;
  return cachedJsonPageText(rows, list.page, page.hasMore, more);
}

/** One match: `{"data":…}` around the JSON the runs stored, else its row's matchJson; in `zone` if asked. */
function* oneMatch(storage: Storage, id: string, zone: string | undefined): Steps<string> {
  let json = yield* wait(findMatchJson(storage, id));
  if (json === undefined) {
    const row = yield* wait(findMatch(storage, id));
    if (!row) throw notFound('Match', id);
    json = matchJson(row);
  }
  return `{"data":${zone ? matchJsonInZone(json, zone) : json}}`;
}

export const matchRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { storage }) => {
  const listAnswer: Answer = (_params, query) => run(listPage(storage, query));
  const oneAnswer: Answer = (params, query) => run(oneMatch(storage, params.match_id!, zoneOf(query)));

  app.get(
    '/football/matches',
    {
      config: { cache: true },
      schema: {
        summary: 'Matches (fixtures and results) in kick-off order',
        description:
          'Ordered by starts_at, then id: oldest first, or newest first with sort=-starts_at (a team’s last ' +
          'five results: team_id, status=finished, sort=-starts_at, limit=5). A filter naming an identifier ' +
          'that does not exist answers 404. meta carries has_more instead of a total, so a page costs the ' +
          'same however large the archive is. team_id with opponent_id lists the two teams’ matches and ' +
          'adds their record to meta (head_to_head); updated_since lists the matches changed after an ' +
          'instant, its cost growing with what changed then, and adds meta.next_updated_since. date picks ' +
          'one local day and tz the zone it is a day in and starts_at is shown in (docs/api.md, "Time zones").',
        tags,
        querystring: MatchListQuery,
        response: {
          200: Type.Object({ data: Type.Array(Match), meta: MatchListMeta }),
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
        querystring: Type.Object({ ...TimeZoneQuery }, { additionalProperties: false }),
        response: { 200: Type.Object({ data: Match }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    answerHandler(oneAnswer),
  );
};
