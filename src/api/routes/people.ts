import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import { bestSourceRows } from '../../provenance/pick-source.js';
import { attributionsFor } from '../../provenance/sources.js';
import { findCompetition } from '../../storage/repositories/competition.repository.js';
import { findMatch } from '../../storage/repositories/match.repository.js';
import {
  coachDetail,
  competitionHasOfficials,
  findPerson,
  listPeople,
  officialsOfMatch,
  refereeMatches,
  teamsOfPlayers,
  venueMatchCount,
} from '../../storage/repositories/people.repository.js';
import { figureMatches, eventsForMatches } from '../../storage/repositories/player-figures.repository.js';
import { foldText } from '../../text/fold.js';
import { notFound } from '../errors/catalogue.js';
import { toCoach, toPlayer, toReferee, toVenue } from '../people/people-mappers.js';
import { playerCareer } from '../people/player-career.js';
import { coverageOf, timelineOf } from '../people/player-figures.js';
import { countedPageMeta, type RouteDeps } from '../route-context.js';
import { errorResponses, PageQuery, SearchQuery } from '../schemas/common.js';
import { IdParams, IdString } from '../schemas/ids.js';
import {
  CoachList,
  CoachOne,
  MatchOfficials,
  PlayerCareer,
  PlayerList,
  PlayerOne,
  RefereeList,
  RefereeOne,
  VenueList,
  VenueOne,
} from '../schemas/people.js';

const listQuery = Type.Object(
  { q: Type.Optional(SearchQuery), ...PageQuery },
  { additionalProperties: false },
);

/**
 * Players, coaches, referees and venues as resources (issue 41), a player's career, and a match's
 * officials. Their answers show rows of many records (a career counts every match of a player), so they
 * follow every change of the data rather than one record's.
 */
export const peopleRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { db, storage }) => {
  app.get(
    '/football/players',
    {
      config: { cache: true },
      schema: {
        summary: 'Players by name',
        description:
          'q is a case- and accent-insensitive substring of the name; team_id keeps the players named for that team in a squad or a lineup.',
        tags: ['people'],
        querystring: Type.Object(
          { q: Type.Optional(SearchQuery), team_id: Type.Optional(IdString('team_')), ...PageQuery },
          { additionalProperties: false },
        ),
        response: { 200: PlayerList, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { q, team_id, page, limit } = request.query;
      const filter = { search: q ? foldText(q) : undefined, teamId: team_id };
      const result = await listPeople(db, 'players', filter, { page, limit });
      const teams = await teamsOfPlayers(
        db,
        result.rows.map((r) => r.id),
      );
      return {
        data: result.rows.map((r) => toPlayer(r, teams.get(r.id) ?? [])),
        meta: countedPageMeta(request, { page, limit }, result.hasMore, result.total),
      };
    },
  );

  const playerOr404 = async (id: string) => {
    const row = await findPerson(db, 'players', id);
    if (!row) throw notFound('Player', id);
    return row;
  };

  app.get(
    '/football/players/:player_id',
    {
      config: { cache: true },
      schema: {
        summary: 'One player',
        tags: ['people'],
        params: IdParams('player_id'),
        response: { 200: PlayerOne, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const row = await playerOr404(request.params.player_id);
      const teams = await teamsOfPlayers(db, [row.id]);
      return { data: toPlayer(row, teams.get(row.id) ?? []) };
    },
  );

  app.get(
    '/football/players/:player_id/career',
    {
      config: { cache: true },
      schema: {
        summary: "A player's career: one row per competition, season and team",
        description:
          "Counted from the lineups and the best source's timeline of each match. A figure is null where the team's " +
          'matches of that season are not all covered for it (coverage says which): appearances and starts need ' +
          'lineups; goals, penalty goals and own goals a timeline recording goals; cards one recording cards; minutes ' +
          'lineups and such a timeline. A second yellow counts as a yellow and a red card; shoot-out kicks are not goals.',
        tags: ['people'],
        params: IdParams('player_id'),
        response: { 200: PlayerCareer, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const row = await playerOr404(request.params.player_id);
      const career = await playerCareer(storage, db, row.id);
      return {
        data: { player: { id: row.id, name: row.name }, attribution: career.attribution, rows: career.rows },
        meta: { count: career.rows.length },
      };
    },
  );

  const listOptions = <S extends TSchema>(what: string, schema: S) => ({
    config: { cache: true },
    schema: {
      summary: `${what} by name`,
      description: 'q is a case- and accent-insensitive substring of the name.',
      tags: ['people'],
      querystring: listQuery,
      response: { 200: schema, ...errorResponses(400, 401, 403, 429) },
    },
  });
  const search = (q: string | undefined) => ({ search: q ? foldText(q) : undefined });

  app.get('/football/coaches', listOptions('Coaches', CoachList), async (request) => {
    const { q, page, limit } = request.query;
    const result = await listPeople(db, 'coaches', search(q), { page, limit });
    const meta = countedPageMeta(request, { page, limit }, result.hasMore, result.total);
    return { data: result.rows.map(toCoach), meta };
  });
  app.get('/football/referees', listOptions('Referees', RefereeList), async (request) => {
    const { q, page, limit } = request.query;
    const result = await listPeople(db, 'referees', search(q), { page, limit });
    const meta = countedPageMeta(request, { page, limit }, result.hasMore, result.total);
    return { data: result.rows.map(toReferee), meta };
  });
  app.get('/football/venues', listOptions('Venues', VenueList), async (request) => {
    const { q, page, limit } = request.query;
    const result = await listPeople(db, 'venues', search(q), { page, limit });
    const meta = countedPageMeta(request, { page, limit }, result.hasMore, result.total);
    return { data: result.rows.map(toVenue), meta };
  });

  app.get(
    '/football/coaches/:coach_id',
    {
      config: { cache: true },
      schema: {
        summary: 'One coach, with the appointments and the number of team sheets naming them',
        tags: ['people'],
        params: IdParams('coach_id'),
        response: { 200: CoachOne, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const row = await findPerson(db, 'coaches', request.params.coach_id);
      if (!row) throw notFound('Coach', request.params.coach_id);
      const detail = await coachDetail(db, row.id);
      return {
        data: {
          ...toCoach(row),
          appointments: detail.appointments.map((a) => ({
            competition: { id: a.competition_id, name: a.competition_name },
            season: { id: a.season_id, name: a.season_name },
            team: { id: a.team_id, name: a.team_name },
          })),
          matches: detail.matches,
        },
      };
    },
  );

  app.get(
    '/football/referees/:referee_id',
    {
      config: { cache: true },
      schema: {
        summary: 'One referee, with the matches officiated and the cards shown',
        description:
          "Cards are counted from each match's best-source timeline where its source records cards (matches_covered); " +
          'a match without such a timeline shows null cards.',
        tags: ['people'],
        params: IdParams('referee_id'),
        response: { 200: RefereeOne, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const row = await findPerson(db, 'referees', request.params.referee_id);
      if (!row) throw notFound('Referee', request.params.referee_id);
      const matches = await refereeMatches(db, row.id);
      const figures = await figureMatches(db, { matchIds: matches.map((m) => m.id) });
      const timelines = timelineOf(
        figures,
        await eventsForMatches(
          db,
          figures.map((m) => m.id),
        ),
      );
      const byId = new Map(figures.map((m) => [m.id, m]));
      let yellow = 0;
      let red = 0;
      let covered = 0;
      const listed = matches.map((m) => {
        const figure = byId.get(m.id);
        const known = figure !== undefined && coverageOf([figure], null).yellow_cards;
        const rows = timelines.get(m.id) ?? [];
        const y = rows.filter((e) => e.type === 'yellow_card' || e.type === 'second_yellow_card').length;
        const r = rows.filter((e) => e.type === 'red_card' || e.type === 'second_yellow_card').length;
        if (known) {
          covered += 1;
          yellow += y;
          red += r;
        }
        return {
          id: m.id,
          starts_at: m.starts_at,
          competition: { id: m.competition_id, name: m.competition_name },
          season: { id: m.season_id, name: m.season_name },
          home_team: { id: m.home_team_id, name: m.home_team_name },
          away_team: { id: m.away_team_id, name: m.away_team_name },
          role: m.role,
          cards: { yellow_cards: known ? y : null, red_cards: known ? r : null },
        };
      });
      return {
        data: {
          ...toReferee(row),
          cards: {
            yellow_cards: covered > 0 ? yellow : null,
            red_cards: covered > 0 ? red : null,
            matches_covered: covered,
          },
          matches: listed,
        },
      };
    },
  );

  app.get(
    '/football/venues/:venue_id',
    {
      config: { cache: true },
      schema: {
        summary: 'One venue, with the number of matches played there',
        tags: ['people'],
        params: IdParams('venue_id'),
        response: { 200: VenueOne, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const row = await findPerson(db, 'venues', request.params.venue_id);
      if (!row) throw notFound('Venue', request.params.venue_id);
      return { data: { ...toVenue(row), matches: await venueMatchCount(db, row.id) } };
    },
  );

  app.get(
    '/football/matches/:match_id/officials',
    {
      config: { cache: true, cacheScope: ['match_id'] },
      schema: {
        summary: "A match's referee and assistants, where a source names them",
        description:
          'coverage.officials_available false (with an empty list) means no match of the competition has its officials recorded.',
        tags: ['match details'],
        params: IdParams('match_id'),
        response: { 200: MatchOfficials, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const match = await findMatch(storage, request.params.match_id);
      if (!match) throw notFound('Match', request.params.match_id);
      const competition = await findCompetition(storage, match.competition_id);
      const covered = competition ? await competitionHasOfficials(db, competition.id) : false;
      const rows = covered ? bestSourceRows(await officialsOfMatch(db, match)) : [];
      return {
        data: {
          match_id: match.id,
          coverage: { officials_available: covered },
          attribution: attributionsFor(rows.map((r) => r.source)),
          officials: rows.map((r) => ({ role: r.role, referee: { id: r.referee_id, name: r.name } })),
        },
      };
    },
  );
};
