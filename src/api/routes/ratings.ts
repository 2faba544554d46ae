import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findCompetition } from '../../storage/repositories/competition.repository.js';
import { findMatch } from '../../storage/repositories/match.repository.js';
import {
  countTeamPoints,
  nationalAmong,
  pointBefore,
  standingOn,
  systemOfTeam,
  teamNames,
  teamPoints,
  teamsOfCompetition,
} from '../../storage/repositories/rating.repository.js';
import { findTeam } from '../../storage/repositories/team.repository.js';
import { currentRatings } from '../ratings-current.js';
import { predict } from '../../ratings/predict.js';
import { rankTeams, yearBefore } from '../../ratings/rankings.js';
import { RULES_OF, type RatingSystem } from '../../ratings/rating-rules.js';
import { neutralGround, systemOf } from '../../ratings/rated-matches.js';
import { invalidParameter, notFound } from '../errors/catalogue.js';
import { countedPageMeta, type RouteDeps } from '../route-context.js';
import { errorResponses } from '../schemas/common.js';
import { IdParams } from '../schemas/ids.js';
import {
  MatchPrediction,
  Rankings,
  RankingsQuery,
  TeamRatings,
  TeamRatingsQuery,
} from '../schemas/ratings.js';

const oneDecimal = (milli: number) => Math.round(Number(milli) / 100) / 10;
const today = (now: Date) => now.toISOString().slice(0, 10);

/** The methods as the prediction names them. */
const MODEL = {
  rating: {
    national: 'World Football Elo Ratings method (eloratings.net); docs/ratings.md',
    club: 'Club Elo, ClubElo-like (K = 20); docs/ratings.md',
  },
  outcome:
    'Ordered logit on the Elo difference, fitted by maximum likelihood on past matches; docs/ratings.md',
};

/**
 * Ratings and predictions (issue 44): rankings on a day, a team's rating history, and a match's win, draw
 * and loss probabilities from the ratings before its kick-off. All read the stored rating points
 * (src/ratings/, kept by the ratings projection), so they follow every ingestion and live result.
 */
export const ratingRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { db, storage }) => {
  app.get(
    '/football/rankings',
    {
      config: { cache: true },
      schema: {
        summary: 'National teams or clubs ranked by Elo rating on a day',
        description:
          'Each team’s rating after its newest match dated up to `date` (default today, UTC), highest first; ' +
          'equal ratings share a rank. rating_change_year and rank_change_year compare with the same list a ' +
          'year before. competition_id narrows the list to the teams that played a match of that competition (any ' +
          'season), country_code to the teams of that country (ISO 3166-1 alpha-2; England, Scotland, Wales and ' +
          'Northern Ireland are GB). ' +
          'States that no longer play as themselves (the Soviet Union once Russia played) are left out. ' +
          'Methods, parameters and their sources: docs/ratings.md.',
        tags: ['ratings'],
        querystring: RankingsQuery,
        response: { 200: Rankings, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { type, competition_id, country_code, page, limit } = request.query;
      const system: RatingSystem = type;
      const day = request.query.date ?? today(new Date());
      let members: Set<string> | undefined;
      if (competition_id !== undefined) {
        if (!(await findCompetition(storage, competition_id))) {
          throw notFound('Competition', competition_id, 'competition_id');
        }
        members = await teamsOfCompetition(db, competition_id);
      }
      const code = country_code?.toUpperCase();
      const rules = RULES_OF[system];
      const ranked = rankTeams(
        await standingOn(db, system, day),
        await standingOn(db, system, yearBefore(day)),
        {
          predecessors: rules.elo.predecessors,
          provisionalBelow: rules.provisionalBelow,
          keep: (p) =>
            (members === undefined || members.has(p.team_id)) &&
            (code === undefined || p.country_code === code),
        },
      );
      const offset = (page - 1) * limit;
      const rows = ranked.slice(offset, offset + limit);
      return {
        data: rows,
        meta: {
          ...countedPageMeta(request, { page, limit }, offset + limit < ranked.length, ranked.length),
          type: system,
          date: day,
          meaningful_from: rules.meaningfulFrom,
        },
      };
    },
  );

  app.get(
    '/football/teams/:team_id/ratings',
    {
      config: { cache: true },
      schema: {
        summary: 'A team’s Elo rating history: one point per rated match',
        description:
          'Oldest first, filtered by the match’s date (date_from, date_to inclusive), paginated; `current` ' +
          'is the rating after the team’s newest rated match whatever the range. A team with no rated match ' +
          '(women’s teams, a club yet to play) has type and current null and no points.',
        tags: ['ratings'],
        params: IdParams('team_id'),
        querystring: TeamRatingsQuery,
        response: { 200: TeamRatings, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { team_id } = request.params;
      const { date_from, date_to, page, limit } = request.query;
      if (date_from !== undefined && date_to !== undefined && date_from > date_to) {
        throw invalidParameter('date_from', 'is after date_to');
      }
      const team = await findTeam(db, team_id);
      if (!team) throw notFound('Team', team_id);
      const system = (await systemOfTeam(db, team.id)) as RatingSystem | undefined;
      const range = { from: date_from, to: date_to };
      const rows = await teamPoints(db, team.id, range, { offset: (page - 1) * limit, limit });
      const shown = rows.slice(0, limit);
      const names = await teamNames(
        db,
        shown.map((r) => r.opponent_id),
      );
      const [current] = system ? await currentRatings(db, [team.id]) : [];
      const reference = { id: team.id, name: team.name };
      return {
        data: {
          team: reference,
          type: system ?? null,
          current: current ?? null,
          points: shown.map((r) => ({
            match_id: r.match_id,
            date: r.date,
            starts_at: r.starts_at,
            opponent: { id: r.opponent_id, name: names.get(r.opponent_id) ?? r.opponent_id },
            rating_before: oneDecimal(r.rating_before),
            rating_after: oneDecimal(r.rating_after),
            change: oneDecimal(Number(r.rating_after) - Number(r.rating_before)),
            matches: Number(r.matches),
          })),
        },
        meta: {
          ...countedPageMeta(
            request,
            { page, limit },
            rows.length > limit,
            await countTeamPoints(db, team.id, range),
          ),
          date_from: date_from ?? null,
          date_to: date_to ?? null,
        },
      };
    },
  );

  app.get(
    '/football/matches/:match_id/prediction',
    {
      config: { cache: true },
      schema: {
        summary: 'Win, draw and loss probabilities from the teams’ Elo ratings before kick-off',
        description:
          'Computed from the matches kicking off strictly before this one (as_of), also for a finished ' +
          'match, so that predictions can be scored against results (docs/ratings.md gives the scores). ' +
          'home_win + draw + away_win = 1; a draw includes a match decided on penalties. A match no rating ' +
          'covers (women’s football) answers 200 with available false and null figures.',
        tags: ['ratings'],
        params: IdParams('match_id'),
        response: { 200: MatchPrediction, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { match_id } = request.params;
      const match = await findMatch(storage, match_id);
      if (!match) throw notFound('Match', match_id);
      const competition = (await findCompetition(storage, match.competition_id))!;
      const national = await nationalAmong(db, [match.home_team_id, match.away_team_id]);
      const system = systemOf({ ...match, gender: competition.gender, source_status: null }, national);
      const base = { match_id: match.id, status: match.status, starts_at: match.starts_at };
      if (!system) {
        return {
          data: {
            ...base,
            available: false,
            type: null,
            as_of: null,
            home_win: null,
            draw: null,
            away_win: null,
            home: null,
            away: null,
            home_advantage: null,
            rating_difference: null,
            model: null,
          },
        };
      }
      const [homePoint, awayPoint] = await Promise.all([
        pointBefore(db, match.home_team_id, match.starts_at),
        pointBefore(db, match.away_team_id, match.starts_at),
      ]);
      const prediction = predict(
        RULES_OF[system],
        { team: { id: match.home_team_id, name: match.home_team_name }, point: homePoint },
        { team: { id: match.away_team_id, name: match.away_team_name }, point: awayPoint },
        neutralGround(match.neutral, system),
        match.starts_at,
      );
      return {
        data: {
          ...base,
          available: true,
          type: system,
          as_of: match.starts_at,
          ...prediction,
          model: { rating: MODEL.rating[system], outcome: MODEL.outcome },
        },
      };
    },
  );
};
