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
import { readSnapshot } from '../../storage/read-snapshot.js';
import type { CompetitionRow } from '../../storage/repositories/competition.repository.js';
import type { Database } from '../../storage/schema.js';
import type { Storage } from '../../storage/connection.js';
import type { MatchInclude } from '../schemas/match-include.js';
import { matchLineups } from '../details/match-lineups.js';
import { rowsInState } from '../../provenance/pick-source.js';
import { teamStatistics } from '../details/match-statistics.js';
import { matchTimeline } from '../../provenance/match-timeline.js';
import { playerStatistics } from '../details/player-statistics.js';
import { notFound } from '../errors/catalogue.js';
import type { RouteDeps } from '../route-context.js';
import { errorResponses } from '../schemas/common.js';
import { IdParams } from '../schemas/ids.js';
import { MatchLineups, MatchPlayerStatistics, MatchStatistics, MatchTimeline } from '../schemas/details.js';

type Detail = { sources: string[] } & Record<string, unknown>;

export interface SubResource {
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
  load: async (db: Kysely<Database>, m: MatchRow) =>
    teamStatistics(m, rowsInState(await teamStatsForMatch(db, m), m.status)),
};
const timeline = {
  schema: MatchTimeline,
  coverageFlag: 'timeline_available',
  covered: (c: CompetitionRow) => c.event_match_count > 0,
  load: async (db: Kysely<Database>, m: MatchRow) =>
    matchTimeline(rowsInState(await eventsForMatch(db, m.id), m.status)),
};
const players = {
  schema: MatchPlayerStatistics,
  coverageFlag: 'player_statistics_available',
  covered: (c: CompetitionRow) => c.lineup_match_count > 0,
  load: async (db: Kysely<Database>, m: MatchRow) =>
    playerStatistics(
      m,
      await lineupsForMatch(db, m.id),
      rowsInState(await eventsForMatch(db, m.id), m.status),
    ),
};

/**
 * How long a client (or a cache in front) may keep a live match's answer on a live-* route: seconds,
 * since it changes with every update. The server never answers it from its own cache (response-cache.ts
 * keeps no answer with a Cache-Control of its own), and every other answer follows the dataset
 * generation, which every applied update changes (docs/live-stream.md, "Freshness").
 */
export const LIVE_MAX_AGE_SECONDS = 5;

const LIVE_NOTE = `; while the match is live, its current state, Cache-Control: max-age=${LIVE_MAX_AGE_SECONDS}`;

const SUB_RESOURCES: SubResource[] = [
  { suffix: 'stats', summary: 'Team statistics', ...stats },
  { suffix: 'live-stats', summary: `Team statistics${LIVE_NOTE}`, ...stats },
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
  { suffix: 'live-timeline', summary: `Timeline${LIVE_NOTE}`, ...timeline },
  { suffix: 'player-stats', summary: 'Per-player minutes, rating and statistics', ...players },
  { suffix: 'live-player-stats', summary: `Per-player statistics${LIVE_NOTE}`, ...players },
];

/** The sub-resources `include=` puts in a match (schemas/match-include.ts): the routes' own. */
export const INCLUDED_DETAILS: Record<MatchInclude, SubResource> = {
  stats: SUB_RESOURCES.find((sub) => sub.suffix === 'stats')!,
  lineups: SUB_RESOURCES.find((sub) => sub.suffix === 'lineups')!,
  timeline: SUB_RESOURCES.find((sub) => sub.suffix === 'timeline')!,
  player_stats: SUB_RESOURCES.find((sub) => sub.suffix === 'player-stats')!,
};

/**
 * A sub-resource's answer for `match`, read in `view` (one snapshot): the route's body, and what
 * `include=` puts in a match, through the same serializer (the route's response schema).
 */
export async function detailAnswer(view: Storage, sub: SubResource, match: MatchRow) {
  const competition = await findCompetition(view, match.competition_id);
  const covered = competition ? sub.covered(competition) : false;
  const { sources, ...detail } = covered
    ? await sub.load(view.db, match)
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
}

/**
 * Match sub-resources. The coverage flag says whether the match's competition has that kind of data
 * (derived from stored rows); an uncovered competition, or a covered match with nothing recorded (not
 * played yet), answers 200 with an empty collection. The live-* variants answer as their namesakes, and
 * while the match is live say how briefly the answer may be kept (LIVE_MAX_AGE_SECONDS).
 */
export const matchDetailRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { storage }) => {
  for (const sub of SUB_RESOURCES) {
    const live = sub.suffix.startsWith('live-');
    app.get(
      `/football/matches/:match_id/${sub.suffix}`,
      {
        config: { cache: true, cacheScope: ['match_id'] },
        schema: {
          summary: sub.summary,
          tags: ['match details'],
          params: IdParams('match_id'),
          response: { 200: sub.schema, ...errorResponses(401, 403, 404, 429) },
        },
      },
      // One snapshot: the match's status decides which rows it shows (rowsInState), and a live update
      // changes both in one commit.
      async (request, reply) =>
        readSnapshot(storage, async (view) => {
          const match = await findMatch(view, request.params.match_id);
          if (!match) throw notFound('Match', request.params.match_id);
          if (live && match.status === 'live') {
            reply.header('cache-control', `max-age=${LIVE_MAX_AGE_SECONDS}`);
          }
          return detailAnswer(view, sub, match);
        }),
    );
  }
};
