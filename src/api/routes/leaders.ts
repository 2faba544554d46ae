import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { attributionsFor } from '../../provenance/sources.js';
import { findCompetition, findSeason } from '../../storage/repositories/competition.repository.js';
import { findTeam } from '../../storage/repositories/team.repository.js';
import { seasonHonours, teamPlacings } from '../../storage/repositories/people.repository.js';
import { notFound } from '../errors/catalogue.js';
import type { LeaderType } from '../../vocabulary/people.js';
import { competitionLeaders } from '../people/competition-leaders.js';
import { LEADER_TIEBREAK } from '../people/leader-board.js';
import type { RouteDeps } from '../route-context.js';
import { errorResponses } from '../schemas/common.js';
import { IdParams } from '../schemas/ids.js';
import { LeaderQuery, Leaders, SeasonHonours, TeamHonours } from '../schemas/people.js';

const LEADERS_DESCRIPTION =
  'Counted from the best source of each match timeline (as /matches/{id}/timeline shows it), only over seasons ' +
  'whose timelines cover the type: every match played with goals has a timeline whose source records it. ' +
  'Otherwise 200 with coverage.leaders_available false and an empty list. goals leaves out own goals and ' +
  'shoot-out kicks; a second yellow counts as a yellow and a red card; no source records assists. ' +
  `Tiebreak: ${LEADER_TIEBREAK}`;

/** Leader boards of a competition's seasons and of all of them, and the honours of seasons and teams. */
type Board = Awaited<ReturnType<typeof competitionLeaders>>;

/** A leaders answer, of one season or (season null) of every season counted. */
function leadersAnswer(
  competition: { id: string; name: string },
  season: { id: string; name: string } | null,
  type: LeaderType,
  board: Board,
) {
  return {
    data: {
      competition: { id: competition.id, name: competition.name },
      season,
      type,
      coverage: { leaders_available: board.seasonsCounted > 0, seasons_counted: board.seasonsCounted },
      tiebreak: LEADER_TIEBREAK,
      attribution: board.attribution,
      leaders: board.leaders,
    },
    meta: { count: board.leaders.length, truncated: board.truncated },
  };
}

export const leaderRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { db, storage }) => {
  const competitionOr404 = async (id: string) => {
    const competition = await findCompetition(storage, id);
    if (!competition) throw notFound('Competition', id);
    return competition;
  };
  const seasonOf = async (competitionId: string, seasonId: string) => {
    const competition = await competitionOr404(competitionId);
    const season = await findSeason(storage, seasonId);
    if (!season || season.competition_id !== competition.id) {
      throw notFound(`Season of competition ${competition.id}`, seasonId);
    }
    return { competition, season };
  };

  app.get(
    '/football/competitions/:competition_id/seasons/:season_id/leaders',
    {
      config: { cache: true },
      schema: {
        summary: "A season's leaders: goals, assists, yellow or red cards",
        description: LEADERS_DESCRIPTION,
        tags: ['competitions'],
        params: IdParams('competition_id', 'season_id'),
        querystring: LeaderQuery,
        response: { 200: Leaders, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { competition, season } = await seasonOf(request.params.competition_id, request.params.season_id);
      const type = request.query.type ?? 'goals';
      const board = await competitionLeaders(
        db,
        { competitionId: competition.id, seasonId: season.id },
        type,
        request.query.limit ?? 20,
      );
      return leadersAnswer(competition, { id: season.id, name: season.name }, type, board);
    },
  );

  app.get(
    '/football/competitions/:competition_id/leaders',
    {
      config: { cache: true },
      schema: {
        summary: "A competition's leaders over every season its timelines cover",
        description: `${LEADERS_DESCRIPTION} coverage.seasons_counted says how many seasons are counted.`,
        tags: ['competitions'],
        params: IdParams('competition_id'),
        querystring: LeaderQuery,
        response: { 200: Leaders, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const competition = await competitionOr404(request.params.competition_id);
      const type = request.query.type ?? 'goals';
      const board = await competitionLeaders(
        db,
        { competitionId: competition.id },
        type,
        request.query.limit ?? 20,
      );
      return leadersAnswer(competition, null, type, board);
    },
  );

  app.get(
    '/football/competitions/:competition_id/seasons/:season_id/honours',
    {
      config: { cache: true },
      schema: {
        summary: "A season's champion, runner-up, final placings and individual awards",
        description:
          'Placings as the source publishes them (basis tournament_standings: the Fjelstul final placings, 1 to 4); ' +
          'awards where the source has them (Golden Ball, Golden Boot, ...). coverage.honours_available false with ' +
          'empty lists: no source gives this season honours.',
        tags: ['competitions'],
        params: IdParams('competition_id', 'season_id'),
        response: { 200: SeasonHonours, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { competition, season } = await seasonOf(request.params.competition_id, request.params.season_id);
      const { placings, awards } = await seasonHonours(db, season.id);
      const at = (position: number) => {
        const found = placings.filter((p) => p.position === position);
        return found.length === 1 ? { id: found[0]!.id, name: found[0]!.name } : null;
      };
      return {
        data: {
          competition: { id: competition.id, name: competition.name },
          season: { id: season.id, name: season.name },
          coverage: { honours_available: placings.length > 0 || awards.length > 0 },
          attribution: attributionsFor([...placings, ...awards].map((r) => r.source)),
          champion: at(1),
          runner_up: at(2),
          placings: placings.map((p) => ({
            position: p.position,
            team: { id: p.id, name: p.name },
            basis: 'tournament_standings',
          })),
          awards: awards.map((a) => ({
            award: a.award,
            player: a.player_id ? { id: a.player_id, name: a.player_name ?? '' } : null,
            team: a.team_id ? { id: a.team_id, name: a.team_name ?? '' } : null,
            shared: a.shared === 1,
          })),
        },
      };
    },
  );

  app.get(
    '/football/teams/:team_id/honours',
    {
      config: { cache: true },
      schema: {
        summary: "A team's final placings in every season a source places it",
        tags: ['teams'],
        params: IdParams('team_id'),
        response: { 200: TeamHonours, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const team = await findTeam(db, request.params.team_id);
      if (!team) throw notFound('Team', request.params.team_id);
      const rows = await teamPlacings(db, team.id);
      return {
        data: {
          team: { id: team.id, name: team.name },
          coverage: { honours_available: rows.length > 0 },
          attribution: attributionsFor(rows.map((r) => r.source)),
          honours: rows.map((r) => ({
            competition: { id: r.competition_id, name: r.competition_name },
            season: { id: r.season_id, name: r.season_name },
            position: r.position,
            basis: 'tournament_standings',
          })),
        },
      };
    },
  );
};
