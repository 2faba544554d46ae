import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findTeam, listTeams } from '../../storage/repositories/team.repository.js';
import { foldText } from '../../text/fold.js';
import { notFound } from '../errors/catalogue.js';
import { toTeam } from '../mappers.js';
import { attributionsFor } from '../../provenance/sources.js';
import { latestSquad } from '../../storage/repositories/team-detail.repository.js';
import { countedPageMeta, type RouteDeps } from '../route-context.js';
import { teamCurrentStandings } from '../standings/team-standings.js';
import { CountedPaginationMeta, errorResponses, PageQuery, SearchQuery } from '../schemas/common.js';
import { IdParams } from '../schemas/ids.js';
import { Absences, Squad, TeamStandings } from '../schemas/details.js';
import { Team } from '../schemas/resources.js';

const tags = ['teams'];

export const teamRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { db, storage, standings }) => {
  const teamOr404 = async (id: string) => {
    const row = await findTeam(db, id);
    if (!row) throw notFound('Team', id);
    return row;
  };

  app.get(
    '/football/teams',
    {
      config: { cache: true },
      schema: {
        summary: 'Teams in alphabetical order',
        description:
          'q matches the current name and every spelling the sources used for the team ("Man United", "Wolves"), with or without its punctuation ("Nott\'m Forest", "Cote d Ivoire").',
        tags,
        querystring: Type.Object(
          { q: Type.Optional(SearchQuery), ...PageQuery },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ data: Type.Array(Team), meta: CountedPaginationMeta }),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const { q, page, limit } = request.query;
      const result = await listTeams(db, q ? foldText(q) : undefined, { page, limit });
      return {
        data: result.rows.map(toTeam),
        meta: countedPageMeta(request, { page, limit }, result.hasMore, result.total),
      };
    },
  );

  app.get(
    '/football/teams/:team_id',
    {
      config: { cache: true, cacheScope: ['team_id'] },
      schema: {
        summary: 'One team',
        tags,
        params: IdParams('team_id'),
        response: { 200: Type.Object({ data: Team }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: toTeam(await teamOr404(request.params.team_id)) }),
  );

  app.get(
    '/football/teams/:team_id/players',
    {
      config: { cache: true },
      schema: {
        summary: "Squad of the team's latest season in storage",
        tags,
        params: IdParams('team_id'),
        response: { 200: Squad, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      await teamOr404(request.params.team_id);
      const squad = await latestSquad(db, request.params.team_id);
      const data = (squad?.players ?? []).map((p) => ({
        id: p.id,
        name: p.name,
        shirt_number: p.shirt_number,
        position: p.position,
        season: squad!.season,
      }));
      return {
        data,
        meta: { count: data.length },
        coverage: { squad_available: squad !== undefined },
        attribution: attributionsFor((squad?.players ?? []).map((p) => p.source)),
      };
    },
  );

  app.get(
    '/football/teams/:team_id/standings',
    {
      config: { cache: true },
      schema: {
        summary: "The team's rows in the tables of its current seasons, published or computed (basis)",
        tags,
        params: IdParams('team_id'),
        response: { 200: TeamStandings, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const team = await teamOr404(request.params.team_id);
      const { rows, sources } = await teamCurrentStandings(storage, standings, team.id);
      return {
        data: {
          team: { id: team.id, name: team.name },
          coverage: { standings_available: rows.length > 0 },
          attribution: attributionsFor(sources),
          rows,
        },
      };
    },
  );

  app.get(
    '/football/teams/:team_id/injuries-suspensions',
    {
      config: { cache: true },
      schema: {
        summary: 'Reported injuries and suspensions, where covered',
        tags,
        params: IdParams('team_id'),
        response: { 200: Absences, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      // No source reports injuries or suspensions: covered=false with an empty list.
      await teamOr404(request.params.team_id);
      return { data: [], meta: { count: 0 }, coverage: { injuries_available: false } };
    },
  );
};
