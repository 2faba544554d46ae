import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  findCompetition,
  findSeason,
  listCompetitions,
  listSeasons,
} from '../../storage/repositories/competition.repository.js';
import { foldText } from '../../text/fold.js';
import { notFound } from '../errors/catalogue.js';
import { toCompetition, toSeason, toStandingRow } from '../mappers.js';
import { bestSourceRows } from '../details/pick-source.js';
import { attributionsFor } from '../../provenance/sources.js';
import { seasonStandings } from '../../storage/repositories/team-detail.repository.js';
import { countedPageMeta, type RouteDeps } from '../route-context.js';
import {
  CountMeta,
  CountedPaginationMeta,
  errorResponses,
  PageQuery,
  SearchQuery,
} from '../schemas/common.js';
import { IdParams } from '../schemas/ids.js';
import { CompetitionStandings } from '../schemas/details.js';
import { Competition, Season } from '../schemas/resources.js';

const tags = ['competitions'];

export const competitionRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { db }) => {
  const competitionOr404 = async (id: string) => {
    const row = await findCompetition(db, id);
    if (!row) throw notFound('Competition', id);
    return row;
  };

  app.get(
    '/football/competitions',
    {
      config: { cache: true },
      schema: {
        summary: 'Active competitions (with at least one season stored), by country then name',
        description: 'Competitions without a country (continental cups) come after all countries.',
        tags,
        querystring: Type.Object(
          {
            country_code: Type.Optional(
              Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2, exactly 2 letters' }),
            ),
            q: Type.Optional(SearchQuery),
            ...PageQuery,
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ data: Type.Array(Competition), meta: CountedPaginationMeta }),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const { country_code, q, page, limit } = request.query;
      const result = await listCompetitions(
        db,
        { countryCode: country_code, search: q ? foldText(q) : undefined },
        { page, limit },
      );
      return {
        data: result.rows.map(toCompetition),
        meta: countedPageMeta(request, { page, limit }, result.hasMore, result.total),
      };
    },
  );

  app.get(
    '/football/competitions/:competition_id',
    {
      config: { cache: true },
      schema: {
        summary: 'One competition',
        tags,
        params: IdParams('competition_id'),
        response: { 200: Type.Object({ data: Competition }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: toCompetition(await competitionOr404(request.params.competition_id)) }),
  );

  app.get(
    '/football/competitions/:competition_id/seasons',
    {
      config: { cache: true },
      schema: {
        summary: 'Seasons of a competition, newest first, with team and match counts',
        tags,
        params: IdParams('competition_id'),
        response: {
          200: Type.Object({ data: Type.Array(Season), meta: CountMeta }),
          ...errorResponses(401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      await competitionOr404(request.params.competition_id);
      const seasons = await listSeasons(db, request.params.competition_id);
      return { data: seasons.map(toSeason), meta: { count: seasons.length } };
    },
  );

  app.get(
    '/football/competitions/:competition_id/seasons/:season_id/standings',
    {
      config: { cache: true },
      schema: {
        summary: 'Published standings of one season',
        description:
          'Standings are published tables, never computed from scores. coverage.standings_available false with no rows means no stored source publishes standings for this competition; true with no rows means none were published for this season.',
        tags,
        params: IdParams('competition_id', 'season_id'),
        response: { 200: CompetitionStandings, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const competition = await competitionOr404(request.params.competition_id);
      const season = await findSeason(db, request.params.season_id);
      if (!season || season.competition_id !== competition.id) {
        throw notFound(`Season of competition ${competition.id}`, request.params.season_id);
      }
      const rows = competition.standing_count > 0 ? bestSourceRows(await seasonStandings(db, season.id)) : [];
      return {
        data: {
          competition: { id: competition.id, name: competition.name },
          season: { id: season.id, name: season.name },
          coverage: { standings_available: competition.standing_count > 0 },
          attribution: attributionsFor(rows.map((r) => r.source)),
          rows: rows.map(toStandingRow),
        },
      };
    },
  );
};
