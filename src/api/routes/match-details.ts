import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import { findMatch } from '../../storage/repositories/match.repository.js';
import { notFound } from '../errors/catalogue.js';
import type { RouteDeps } from '../route-context.js';
import { errorResponses, IdParam } from '../schemas/common.js';
import { MatchLineups, MatchPlayerStatistics, MatchStatistics, MatchTimeline } from '../schemas/details.js';

interface SubResource {
  suffix: string;
  summary: string;
  schema: TSchema;
  coverageFlag: string;
  collection: 'teams' | 'events';
}

const SUB_RESOURCES: SubResource[] = [
  {
    suffix: 'stats',
    summary: 'Team statistics',
    schema: MatchStatistics,
    coverageFlag: 'statistics_available',
    collection: 'teams',
  },
  {
    suffix: 'live-stats',
    summary: 'Team statistics (same shape, for matches in progress)',
    schema: MatchStatistics,
    coverageFlag: 'statistics_available',
    collection: 'teams',
  },
  {
    suffix: 'lineups',
    summary: 'Starting elevens, benches, formations and coaches',
    schema: MatchLineups,
    coverageFlag: 'lineups_available',
    collection: 'teams',
  },
  {
    suffix: 'timeline',
    summary: 'Goals, cards, substitutions and shoot-out kicks in order',
    schema: MatchTimeline,
    coverageFlag: 'timeline_available',
    collection: 'events',
  },
  {
    suffix: 'live-timeline',
    summary: 'Timeline (same shape, for matches in progress)',
    schema: MatchTimeline,
    coverageFlag: 'timeline_available',
    collection: 'events',
  },
  {
    suffix: 'player-stats',
    summary: 'Per-player minutes, rating and statistics',
    schema: MatchPlayerStatistics,
    coverageFlag: 'player_statistics_available',
    collection: 'teams',
  },
  {
    suffix: 'live-player-stats',
    summary: 'Per-player statistics (same shape, for matches in progress)',
    schema: MatchPlayerStatistics,
    coverageFlag: 'player_statistics_available',
    collection: 'teams',
  },
];

/**
 * Match sub-resources. No stored source supplies statistics, lineups, events or player statistics yet,
 * so every match answers 200 with its coverage flag false and an empty collection, as the contract asks
 * for a competition without that coverage. Live variants share the dataset cache: the beta has no live feed.
 */
export const matchDetailRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { db }) => {
  for (const sub of SUB_RESOURCES) {
    app.get(
      `/football/matches/:match_id/${sub.suffix}`,
      {
        config: { cache: true },
        schema: {
          summary: sub.summary,
          tags: ['match details'],
          params: IdParam('match_id', 'match_'),
          response: { 200: sub.schema, ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request) => {
        const match = await findMatch(db, request.params.match_id);
        if (!match) throw notFound('Match', request.params.match_id);
        return {
          data: {
            match_id: match.id,
            status: match.status,
            coverage: { [sub.coverageFlag]: false },
            [sub.collection]: [],
          },
        };
      },
    );
  }
};
