import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { run, wait, type Steps } from '../../storage/maybe.js';
import type { Storage } from '../../storage/connection.js';
import {
  findCompetition,
  findSeason,
  listCompetitions,
  listSeasons,
  type CompetitionRow,
  type SeasonRow,
} from '../../storage/repositories/competition.repository.js';
import { foldText } from '../../text/fold.js';
import { ApiError, invalidParameter, notFound } from '../errors/catalogue.js';
import { toCompetition, toSeason, toTeam } from '../mappers.js';
import { attributionsFor } from '../../provenance/sources.js';
import { answerHandler, countedPageMeta, type Answer, type RouteDeps } from '../route-context.js';
import {
  CountMeta,
  CountedPaginationMeta,
  errorResponses,
  PageQuery,
  SearchQuery,
} from '../schemas/common.js';
import { IdParams } from '../schemas/ids.js';
import { CompetitionStandings } from '../schemas/details.js';
import { Competition, Season, Team } from '../schemas/resources.js';
import { SeasonRound, SeasonRoundsMeta } from '../schemas/season-rounds.js';
import { seasonRounds } from '../../standings/season-rounds.js';
import { seasonResults } from '../../storage/repositories/season-results.repository.js';
import { seasonTeams } from '../../storage/repositories/team.repository.js';
import type { SeasonTable, StandingsBook, StandingsView } from '../standings/season-standings.js';
import { DEFAULT_FORM_MATCHES, StandingsViewQuery } from '../schemas/standings-view.js';

const tags = ['competitions'];

/**
 * A season's standings answer, its properties in the schema's order: JSON.stringify of it is then the
 * serializer's output, byte for byte (the route sends that text; a test holds the two equal).
 */
function standingsAnswer(competition: CompetitionRow, season: SeasonRow, table: SeasonTable) {
  return {
    data: {
      competition: { id: competition.id, name: competition.name },
      season: { id: season.id, name: season.name },
      coverage: { standings_available: competition.table_season_count > 0 },
      basis: table.basis,
      view: table.view,
      rules: table.rules,
      adjustments: table.adjustments,
      awarded_results: table.awarded_results,
      attribution: attributionsFor(table.sources),
      rows: table.rows,
    },
  };
}

/** The table a validated standings query asks for; a 400 for `last` without view=form, or round with date. */
function standingsView(query: Readonly<Record<string, unknown>>): StandingsView | ApiError {
  const { view, last, date, round } = query as {
    view?: StandingsView['table'];
    last?: number;
    date?: string;
    round?: string;
  };
  const table = view ?? 'total';
  if (last !== undefined && table !== 'form') return invalidParameter('last', 'last needs view=form');
  if (date !== undefined && round !== undefined) return invalidParameter('round', 'round or date, not both');
  const asOf = date ?? null;
  return {
    table,
    last: table === 'form' ? (last ?? DEFAULT_FORM_MATCHES) : null,
    asOf,
    round: round ?? null,
  };
}

/** A season's standings answer: the competition and its season, then its table (published or computed). */
function* seasonStandings(
  storage: Storage,
  standings: StandingsBook,
  competitionId: string,
  seasonId: string,
  view: StandingsView,
): Steps<string> {
  const competition = yield* wait(findCompetition(storage, competitionId));
  if (!competition) throw notFound('Competition', competitionId);
  const season = yield* wait(findSeason(storage, seasonId));
  if (!season || season.competition_id !== competition.id) {
    throw notFound(`Season of competition ${competition.id}`, seasonId);
  }
  const table = yield* wait(standings.season(competition, season, view));
  return JSON.stringify(standingsAnswer(competition, season, table));
}

export const competitionRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (
  app,
  { db, storage, standings },
) => {
  const standingsOf: Answer = (params, query) => {
    const view = standingsView(query);
    if (view instanceof ApiError) throw view;
    return run(seasonStandings(storage, standings, params.competition_id!, params.season_id!, view));
  };

  const competitionOr404 = async (id: string) => {
    const row = await findCompetition(storage, id);
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
      config: { cache: true, cacheScope: ['competition_id'] },
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

  /** The competition and its season, or the 404 the standings route gives too. */
  const seasonOf = async (competitionId: string, seasonId: string) => {
    const competition = await findCompetition(storage, competitionId);
    if (!competition) throw notFound('Competition', competitionId);
    const season = await findSeason(storage, seasonId);
    if (!season || season.competition_id !== competition.id) {
      throw notFound(`Season of competition ${competition.id}`, seasonId);
    }
    return { competition, season };
  };

  app.get(
    '/football/competitions/:competition_id/seasons/:season_id/rounds',
    {
      // Not kept by the response cache: is_current moves with the day as well as with the data, and the
      // cache's versions follow the data only. Worked out per request from the season's matches (a few
      // hundred rows, the season index).
      schema: {
        summary: 'Rounds of one season, in the order they are played, with match counts and the current one',
        description:
          'One row per round name the season’s matches show, ordered by each round’s median kick-off. ' +
          'is_current marks exactly one round (see docs/api.md, "Rounds"). meta.without_round counts the ' +
          'matches that name no round.',
        tags,
        params: IdParams('competition_id', 'season_id'),
        response: {
          200: Type.Object({ data: Type.Array(SeasonRound), meta: SeasonRoundsMeta }),
          ...errorResponses(401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const { season } = await seasonOf(request.params.competition_id, request.params.season_id);
      const matches = await seasonResults(db, season.id);
      const today = new Date(Date.now()).toISOString().slice(0, 10);
      const rounds = seasonRounds(
        matches.map((m) => ({ round: m.round, status: m.status, startsAt: m.starts_at })),
        today,
      );
      const withoutRound = matches.filter((m) => m.round === null).length;
      return { data: rounds, meta: { count: rounds.length, without_round: withoutRound } };
    },
  );

  app.get(
    '/football/competitions/:competition_id/seasons/:season_id/teams',
    {
      config: { cache: true, cacheScope: ['competition_id', 'season_id'] },
      schema: {
        summary: 'Teams of one season: those that play its matches, by name',
        description:
          'The team resource of /football/teams, every team of the season at once (count in meta).',
        tags,
        params: IdParams('competition_id', 'season_id'),
        response: {
          200: Type.Object({ data: Type.Array(Team), meta: CountMeta }),
          ...errorResponses(401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const { season } = await seasonOf(request.params.competition_id, request.params.season_id);
      const teams = await seasonTeams(db, season.id);
      return { data: teams.map(toTeam), meta: { count: teams.length } };
    },
  );

  app.get(
    '/football/competitions/:competition_id/seasons/:season_id/standings',
    {
      config: { cache: true, cacheScope: ['competition_id', 'season_id'] },
      schema: {
        summary: 'Standings of one season: the published table, or one computed from the results',
        description:
          'basis says where the table comes from: published (a source publishes it; authoritative) or computed ' +
          "(worked out from the stored results with the competition's rules and curated adjustments, both in the " +
          'answer). One table per group of a group stage, one for a league, none for knockout rounds. ' +
          'coverage.standings_available false means no season of this competition has a table.',
        tags,
        params: IdParams('competition_id', 'season_id'),
        querystring: StandingsViewQuery,
        response: { 200: CompetitionStandings, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    answerHandler(standingsOf),
  );
};
