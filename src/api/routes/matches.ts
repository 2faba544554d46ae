import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findCompetition, findSeason } from '../../storage/repositories/competition.repository.js';
import { findMatch, listMatches, listMatchesAsJson } from '../../storage/repositories/match.repository.js';
import { findTeam } from '../../storage/repositories/team.repository.js';
import { invalidParameter, notFound } from '../errors/catalogue.js';
import { toMatch } from '../mappers.js';
import { JSON_TYPE } from '../plugins/response-cache.js';
import { cachedJsonPageText, pageMeta, type RouteDeps } from '../route-context.js';
import { errorResponses, IdParam, PageQuery, PaginationMeta } from '../schemas/common.js';
import { Match, MatchStatus } from '../schemas/resources.js';

const tags = ['matches'];
const prefixed = (prefix: string) =>
  Type.String({ pattern: `^${prefix}[0-9a-z]+$`, description: `starts with ${prefix}` });
const day = (description: string) => Type.String({ format: 'date', description });

export const matchRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { db, storage }) => {
  app.get(
    '/football/matches',
    {
      config: { cache: true },
      schema: {
        summary: 'Matches (fixtures and results) in kick-off order',
        description:
          'Ordered by starts_at, then id, oldest first. A filter naming an identifier that does not exist answers 404. ' +
          'meta carries has_more instead of a total, so a page costs the same however large the archive is.',
        tags,
        querystring: Type.Object(
          {
            competition_id: Type.Optional(prefixed('comp_')),
            season_id: Type.Optional(prefixed('season_')),
            team_id: Type.Optional(prefixed('team_')),
            status: Type.Optional(MatchStatus),
            date_from: Type.Optional(day('Inclusive UTC date, YYYY-MM-DD')),
            date_to: Type.Optional(day('Inclusive UTC date, YYYY-MM-DD')),
            ...PageQuery,
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ data: Type.Array(Match), meta: PaginationMeta }),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { competition_id, season_id, team_id, status, date_from, date_to, page, limit } = request.query;
      if (date_from && date_to && date_from > date_to)
        throw invalidParameter('date_to', 'must not be before date_from');
      const filter = {
        competitionId: competition_id,
        seasonId: season_id,
        teamId: team_id,
        status,
        dateFrom: date_from,
        dateTo: date_to,
      };
      const pageRequest = { page, limit };
      // A page with rows proves the filters name existing records; only an empty one needs checking.
      const requireFiltersExist = async (rowCount: number) => {
        if (rowCount > 0) return;
        if (competition_id && !(await findCompetition(db, competition_id))) {
          throw notFound('Competition', competition_id, 'competition_id');
        }
        if (season_id && !(await findSeason(db, season_id))) throw notFound('Season', season_id, 'season_id');
        if (team_id && !(await findTeam(db, team_id))) throw notFound('Team', team_id, 'team_id');
      };
      const json = await listMatchesAsJson(storage, filter, pageRequest);
      if (json) {
        await requireFiltersExist(json.rows.length);
        // The database wrote each match's JSON, so only the envelope is left to write. The text is the
        // schema's shape already (a test holds it to the serializer's output), hence the cast.
        const text = cachedJsonPageText(json.rows, pageRequest, json.hasMore);
        return reply.type(JSON_TYPE).send(text as never);
      }
      const result = await listMatches(storage, filter, pageRequest);
      await requireFiltersExist(result.rows.length);
      return { data: result.rows.map(toMatch), meta: pageMeta(request, pageRequest, result.hasMore) };
    },
  );

  app.get(
    '/football/matches/:match_id',
    {
      config: { cache: true },
      schema: {
        summary: 'One match',
        tags,
        params: IdParam('match_id', 'match_'),
        response: { 200: Type.Object({ data: Match }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const row = await findMatch(storage, request.params.match_id);
      if (!row) throw notFound('Match', request.params.match_id);
      return { data: toMatch(row) };
    },
  );
};
