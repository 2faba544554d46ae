import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import { attributionsFor } from '../../provenance/sources.js';
import { findCompetition } from '../../storage/repositories/competition.repository.js';
import {
  eventsForMatch,
  lineupsForMatch,
  teamSheetsForMatch,
  teamStatsForMatch,
} from '../../storage/repositories/match-detail.repository.js';
import { findMatch, type MatchRow } from '../../storage/repositories/match.repository.js';
import type { CompetitionRow } from '../../storage/repositories/competition.repository.js';
import type { Database } from '../../storage/schema.js';
import { matchLineups } from '../details/match-lineups.js';
import { teamStatistics } from '../details/match-statistics.js';
import { matchTimeline } from '../details/match-timeline.js';
import { playerStatistics } from '../details/player-statistics.js';
import { notFound } from '../errors/catalogue.js';
import type { RouteDeps } from '../route-context.js';
import { errorResponses } from '../schemas/common.js';
import { IdParams } from '../schemas/ids.js';
import { MatchLineups, MatchPlayerStatistics, MatchStatistics, MatchTimeline } from '../schemas/details.js';

type Detail = { sources: string[] } & Record<string, unknown>;

interface SubResource {
  suffix: string;
  summary: string;
  schema: TSchema;
  coverageFlag: string;
  /** Whether the competition has this kind of data at all (derived from stored rows at ingestion). */
  covered: (competition: CompetitionRow) => boolean;
  load: (db: Kysely<Database>, match: MatchRow) => Promise<Detail>;
}

const stats = {
  schema: MatchStatistics,
  coverageFlag: 'statistics_available',
  covered: (c: CompetitionRow) => c.stats_match_count > 0,
  load: async (db: Kysely<Database>, m: MatchRow) => teamStatistics(m, await teamStatsForMatch(db, m)),
};
const timeline = {
  schema: MatchTimeline,
  coverageFlag: 'timeline_available',
  covered: (c: CompetitionRow) => c.event_match_count > 0,
  load: async (db: Kysely<Database>, m: MatchRow) => matchTimeline(await eventsForMatch(db, m.id)),
};
const players = {
  schema: MatchPlayerStatistics,
  coverageFlag: 'player_statistics_available',
  covered: (c: CompetitionRow) => c.lineup_match_count > 0,
  load: async (db: Kysely<Database>, m: MatchRow) =>
    playerStatistics(m, await lineupsForMatch(db, m.id), await eventsForMatch(db, m.id)),
};

const SUB_RESOURCES: SubResource[] = [
  { suffix: 'stats', summary: 'Team statistics', ...stats },
  { suffix: 'live-stats', summary: 'Team statistics (same shape; the beta has no live feed)', ...stats },
  {
    suffix: 'lineups',
    summary: 'Starting elevens, benches, formations and coaches',
    schema: MatchLineups,
    coverageFlag: 'lineups_available',
    covered: (c) => c.lineup_match_count > 0,
    load: async (db, m) =>
      matchLineups(m, await lineupsForMatch(db, m.id), await teamSheetsForMatch(db, m.id)),
  },
  { suffix: 'timeline', summary: 'Goals, cards, substitutions and shoot-out kicks in order', ...timeline },
  { suffix: 'live-timeline', summary: 'Timeline (same shape; the beta has no live feed)', ...timeline },
  { suffix: 'player-stats', summary: 'Per-player minutes, rating and statistics', ...players },
  { suffix: 'live-player-stats', summary: 'Per-player statistics (same shape; no live feed)', ...players },
];

/**
 * Match sub-resources. The coverage flag says whether the match's competition has that kind of data
 * (derived from stored rows); an uncovered competition, or a covered match with nothing recorded (not
 * played yet), answers 200 with an empty collection. Live variants share the dataset cache: the beta
 * carries no live data.
 */
export const matchDetailRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { db, storage }) => {
  for (const sub of SUB_RESOURCES) {
    app.get(
      `/football/matches/:match_id/${sub.suffix}`,
      {
        config: { cache: true },
        schema: {
          summary: sub.summary,
          tags: ['match details'],
          params: IdParams('match_id'),
          response: { 200: sub.schema, ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request) => {
        const match = await findMatch(storage, request.params.match_id);
        if (!match) throw notFound('Match', request.params.match_id);
        const competition = await findCompetition(db, match.competition_id);
        const covered = competition ? sub.covered(competition) : false;
        const { sources, ...detail } = covered
          ? await sub.load(db, match)
          : { sources: [], teams: [], events: [] };
        const collection = sub.schema === MatchTimeline ? { events: detail.events } : { teams: detail.teams };
        return {
          data: {
            match_id: match.id,
            status: match.status,
            coverage: { [sub.coverageFlag]: covered },
            attribution: attributionsFor(sources),
            ...collection,
          },
        };
      },
    );
  }
};
