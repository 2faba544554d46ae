import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import { newestChangeOf, newestChangeOfNow } from '../../storage/repositories/change-log.repository.js';
import { findCompetition, findSeason } from '../../storage/repositories/competition.repository.js';
import { headToHead, headToHeadNow } from '../../storage/repositories/head-to-head.repository.js';
import {
  findMatch,
  listMatches,
  matchJsonPageReaderNow,
  matchJsonReaderNow,
} from '../../storage/repositories/match.repository.js';
import { allExistNow } from '../../storage/repositories/record-existence.js';
import { findTeam } from '../../storage/repositories/team.repository.js';
import { ApiError, notFound } from '../errors/catalogue.js';
import { toHeadToHead, toMatch } from '../mappers.js';
import { JSON_TYPE } from '../cached-body.js';
import { matchList, type MatchList } from '../match-list-request.js';
import { cachedJsonPageText, pageMeta, type ReadNow, type RouteDeps } from '../route-context.js';
import { errorResponses } from '../schemas/common.js';
import { IdParams } from '../schemas/ids.js';
import { MatchListMeta, MatchListQuery } from '../schemas/match-list.js';
import { Match } from '../schemas/resources.js';

const tags = ['matches'];

/** What the match list's meta adds to pagination's, in the schema's order. */
type MoreMeta = Pick<Static<typeof MatchListMeta>, 'head_to_head' | 'next_updated_since'>;

export const matchRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { db, storage }) => {
  const pageNow = matchJsonPageReaderNow(storage);
  const matchNow = matchJsonReaderNow(storage);
  const recordNow = headToHeadNow(storage);
  const newestNow = newestChangeOfNow(storage);
  const existNow = allExistNow(storage);

  /** The head-to-head record of every page, and where an updated_since client resumes: both as asked. */
  const moreMeta = async ({ filter }: MatchList): Promise<MoreMeta> => ({
    ...(filter.opponentId && {
      head_to_head: toHeadToHead(filter.teamId!, filter.opponentId, await headToHead(storage, filter)),
    }),
    ...(filter.changedAfter && { next_updated_since: await newestChangeOf(storage, 'match') }),
  });

  /** moreMeta, synchronous (SQLite). */
  const moreMetaNow =
    recordNow &&
    newestNow &&
    (({ filter }: MatchList): MoreMeta => ({
      ...(filter.opponentId && {
        head_to_head: toHeadToHead(filter.teamId!, filter.opponentId, recordNow(filter)),
      }),
      ...(filter.changedAfter && { next_updated_since: newestNow('match') }),
    }));

  /**
   * A page from the JSON the ingestion runs stored (SQLite); an empty page is left to the handler, as
   * its filters may name nothing (404), and so is a page with a match that has no stored JSON.
   */
  const listNow: ReadNow | undefined =
    pageNow &&
    moreMetaNow &&
    existNow &&
    ((_params, query) => {
      const list = matchList(query);
      if (list instanceof ApiError) return undefined;
      // Every ID of a list must exist, whatever the page shows: the handler names the first that does not.
      const { teamIds, competitionIds } = list.filter;
      if (teamIds && !existNow('teams', teamIds)) return undefined;
      if (competitionIds && !existNow('competitions', competitionIds)) return undefined;
      // Read before the page (see the handler).
      const more = moreMetaNow(list);
      const page = pageNow(list.filter, list.page, list.order);
      if (!page || page.rows.length === 0) return undefined;
      return cachedJsonPageText(page.rows, list.page, page.hasMore, more);
    });

  /** One match as stored: `{"data":…}` around the JSON the runs wrote (the serializer's output). */
  const oneNow: ReadNow | undefined =
    matchNow &&
    ((params) => {
      const json = matchNow(params.match_id!);
      return json === undefined ? undefined : `{"data":${json}}`;
    });

  app.get(
    '/football/matches',
    {
      config: { cache: true, readNow: listNow },
      schema: {
        summary: 'Matches (fixtures and results) in kick-off order',
        description:
          'Ordered by starts_at, then id: oldest first, or newest first with sort=-starts_at (a team’s last ' +
          'five results: team_id, status=finished, sort=-starts_at, limit=5). A filter naming an identifier ' +
          'that does not exist answers 404. meta carries has_more instead of a total, so a page costs the ' +
          'same however large the archive is. team_id with opponent_id lists the two teams’ matches and ' +
          'adds their record to meta (head_to_head); updated_since lists the matches changed after an ' +
          'instant, its cost growing with what changed then, and adds meta.next_updated_since.',
        tags,
        querystring: MatchListQuery,
        response: {
          200: Type.Object({ data: Type.Array(Match), meta: MatchListMeta }),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const list = matchList(request.query);
      if (list instanceof ApiError) throw list;
      // The stored JSON is the schema's shape already (a test holds it to the serializer's output).
      const text = listNow?.(request.params as never, request.query);
      if (text !== undefined) return reply.type(JSON_TYPE).send(text as never);
      const { season_id, opponent_id } = request.query;
      const { filter } = list;
      // Before the page: a run committing between the two reads then makes next_updated_since older than
      // the page (its changes are listed again next time), never newer (they would be missed).
      const more = await moreMeta(list);
      const result = await listMatches(storage, list.filter, list.page, list.order);
      // A page with rows proves the filters name existing records; only an empty one needs checking, or
      // one filtered by a list (its rows prove only some of the list).
      if (result.rows.length === 0 || filter.teamIds || filter.competitionIds) {
        for (const id of filter.competitionIds ?? [filter.competitionId]) {
          if (id && !(await findCompetition(db, id))) throw notFound('Competition', id, 'competition_id');
        }
        if (season_id && !(await findSeason(db, season_id))) throw notFound('Season', season_id, 'season_id');
        for (const id of filter.teamIds ?? [filter.teamId]) {
          if (id && !(await findTeam(db, id))) throw notFound('Team', id, 'team_id');
        }
        if (opponent_id && !(await findTeam(db, opponent_id))) {
          throw notFound('Team', opponent_id, 'opponent_id');
        }
      }
      const meta = { ...pageMeta(request, list.page, result.hasMore), ...more };
      return { data: result.rows.map(toMatch), meta };
    },
  );

  app.get(
    '/football/matches/:match_id',
    {
      config: { cache: true, readNow: oneNow },
      schema: {
        summary: 'One match',
        tags,
        params: IdParams('match_id'),
        response: { 200: Type.Object({ data: Match }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const text = oneNow?.(request.params, {});
      if (text !== undefined) return reply.type(JSON_TYPE).send(text as never);
      const row = await findMatch(storage, request.params.match_id);
      if (!row) throw notFound('Match', request.params.match_id);
      return { data: toMatch(row) };
    },
  );
};
