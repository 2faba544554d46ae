import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findCompetition, findSeason } from '../../storage/repositories/competition.repository.js';
import {
  findMatch,
  listMatches,
  matchJsonPageReaderNow,
  matchJsonReaderNow,
  type MatchFilter,
} from '../../storage/repositories/match.repository.js';
import type { PageRequest } from '../../storage/repositories/page.js';
import { findTeam } from '../../storage/repositories/team.repository.js';
import { ApiError, invalidParameter, notFound } from '../errors/catalogue.js';
import { toMatch } from '../mappers.js';
import { JSON_TYPE } from '../cached-body.js';
import { cachedJsonPageText, pageMeta, type ReadNow, type RouteDeps } from '../route-context.js';
import { errorResponses, PageQuery, PaginationMeta } from '../schemas/common.js';
import { IdParams, IdString } from '../schemas/ids.js';
import { Match, MatchStatus } from '../schemas/resources.js';

const tags = ['matches'];
const day = (description: string) => Type.String({ format: 'date', description });

const MatchListQuery = Type.Object(
  {
    competition_id: Type.Optional(IdString('comp_')),
    season_id: Type.Optional(IdString('season_')),
    team_id: Type.Optional(IdString('team_')),
    status: Type.Optional(MatchStatus),
    date_from: Type.Optional(day('Inclusive UTC date, YYYY-MM-DD')),
    date_to: Type.Optional(day('Inclusive UTC date, YYYY-MM-DD')),
    ...PageQuery,
  },
  { additionalProperties: false },
);

interface MatchList {
  filter: MatchFilter;
  page: PageRequest;
}

/** The match list a validated query asks for, or the 400 of dates out of order (the schema cannot say). */
function matchList(query: Readonly<Record<string, unknown>>): MatchList | ApiError {
  const q = query as {
    competition_id?: string;
    season_id?: string;
    team_id?: string;
    status?: string;
    date_from?: string;
    date_to?: string;
    page: number;
    limit: number;
  };
  if (q.date_from && q.date_to && q.date_from > q.date_to) {
    return invalidParameter('date_to', 'must not be before date_from');
  }
  return {
    filter: {
      competitionId: q.competition_id,
      seasonId: q.season_id,
      teamId: q.team_id,
      status: q.status,
      dateFrom: q.date_from,
      dateTo: q.date_to,
    },
    page: { page: q.page, limit: q.limit },
  };
}

export const matchRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { db, storage }) => {
  const pageNow = matchJsonPageReaderNow(storage);
  const matchNow = matchJsonReaderNow(storage);

  /**
   * A page from the JSON the ingestion runs stored (SQLite); an empty page is left to the handler, as
   * its filters may name nothing (404), and so is a page with a match that has no stored JSON.
   */
  const listNow: ReadNow | undefined =
    pageNow &&
    ((_params, query) => {
      const list = matchList(query);
      if (list instanceof ApiError) return undefined;
      const page = pageNow(list.filter, list.page);
      if (!page || page.rows.length === 0) return undefined;
      return cachedJsonPageText(page.rows, list.page, page.hasMore);
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
          'Ordered by starts_at, then id, oldest first. A filter naming an identifier that does not exist answers 404. ' +
          'meta carries has_more instead of a total, so a page costs the same however large the archive is.',
        tags,
        querystring: MatchListQuery,
        response: {
          200: Type.Object({ data: Type.Array(Match), meta: PaginationMeta }),
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
      const { competition_id, season_id, team_id } = request.query;
      const result = await listMatches(storage, list.filter, list.page);
      // A page with rows proves the filters name existing records; only an empty one needs checking.
      if (result.rows.length === 0) {
        if (competition_id && !(await findCompetition(db, competition_id))) {
          throw notFound('Competition', competition_id, 'competition_id');
        }
        if (season_id && !(await findSeason(db, season_id))) throw notFound('Season', season_id, 'season_id');
        if (team_id && !(await findTeam(db, team_id))) throw notFound('Team', team_id, 'team_id');
      }
      return { data: result.rows.map(toMatch), meta: pageMeta(request, list.page, result.hasMore) };
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
