import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  findCompetition,
  listCompetitions,
  listSeasons,
} from '../../storage/repositories/competition.repository.js';
import { coverageCounts, sourceFreshness } from '../../storage/repositories/coverage.repository.js';
import { readSnapshot } from '../../storage/read-snapshot.js';
import { isStarterLocation } from '../../ingest/starter-data.js';
import { notFound } from '../errors/catalogue.js';
import { attributionForIngestSource } from '../../provenance/sources.js';
import { Attribution } from '../schemas/details.js';
import { toCapabilities, toCompetition, toSeason } from '../mappers.js';
import { countedPageMeta, type RouteDeps } from '../route-context.js';
import { CountedPaginationMeta, errorResponses, Nullable, PageQuery } from '../schemas/common.js';
import { IdParams } from '../schemas/ids.js';
import { Capabilities, Competition, Season } from '../schemas/resources.js';

const tags = ['coverage'];

const Freshness = {
  last_success_at: Nullable(
    Type.String({ format: 'date-time', description: 'When the newest successful ingestion finished' }),
  ),
  artifact_retrieved_at: Nullable(Type.String({ format: 'date-time' })),
  records_seen: Nullable(Type.Integer({ minimum: 0 })),
  source_updated_at: Type.Null({ description: 'The sources publish no update time' }),
  freshness_guaranteed: Type.Boolean({ description: 'Always false: no maximum data age is promised' }),
};

const RefreshState = {
  last_checked_at: Nullable(
    Type.String({
      format: 'date-time',
      description:
        'When the source was last found current: the end of its newest run that ingested it or found it unchanged (a refresh whose artifact was the one already ingested: HTTP 304 or the same SHA-256)',
    }),
  ),
  last_attempt_at: Nullable(
    Type.String({
      format: 'date-time',
      description: "The end of the source's newest run, whatever its outcome",
    }),
  ),
  last_outcome: Type.Union([Type.Literal('succeeded'), Type.Literal('unchanged'), Type.Literal('failed')], {
    description: "The newest run's outcome",
  }),
  consecutive_failures: Type.Integer({
    minimum: 0,
    description:
      'Failed runs in a row up to the newest (0 when it succeeded or found the source unchanged); the data already ingested is served meanwhile',
  }),
};

const CoverageSummary = Type.Object(
  {
    data: Type.Object({
      competitions: Type.Integer(),
      seasons: Type.Integer(),
      teams: Type.Integer(),
      matches: Type.Integer(),
      completed_matches: Type.Integer(),
      ...Freshness,
      starter_data: Type.Boolean({
        description:
          'True while everything served is the starter dataset shipped with Touchline (openfootball’s CC0 World Cups 1930-2026), ingested on a first start that could not yet reach the configured sources; they are retried on the refresh schedule and replace it when reached',
      }),
      sources: Type.Array(
        Type.Object({
          source: Type.String(),
          starter: Type.Boolean({
            description: 'Its newest successful run read the starter dataset, not the source itself',
          }),
          artifact_sha256: Nullable(Type.String()),
          ...Freshness,
          ...RefreshState,
          attribution: Nullable(Attribution),
        }),
        {
          description:
            'Freshness and refresh state of each source that has a run; the top-level fields describe the newest successful run.',
        },
      ),
    }),
  },
  { $id: 'CoverageSummary' },
);

export const coverageRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { db, storage }) => {
  app.get(
    '/coverage/summary',
    {
      // Unchanged and failed runs change no data, so no version, but they change this answer.
      config: { cache: true, cacheFollowsRuns: true },
      schema: {
        summary: 'Counts from the normalized database and dataset freshness',
        description:
          'Dataset-level freshness fields sit beside the counts. Before any successful ingestion they are null and every count is 0.',
        tags,
        response: { 200: CoverageSummary, ...errorResponses(401, 403, 429) },
      },
    },
    async () => {
      // One snapshot: an ingestion commits its rows and its run at once, and the counts go with the run.
      const { counts, latest, sources } = await readSnapshot(storage, async ({ db: view }) => ({
        counts: await coverageCounts(view),
        ...(await sourceFreshness(view)),
      }));
      const freshness = (s: typeof latest) => ({
        last_success_at: s?.last_success_at ?? null,
        artifact_retrieved_at: s?.artifact_retrieved_at ?? null,
        records_seen: s?.records_seen ?? null,
        source_updated_at: null,
        freshness_guaranteed: false,
      });
      const succeeded = sources.filter((s) => s.location !== null);
      return {
        data: {
          ...counts,
          ...freshness(latest),
          starter_data: succeeded.length > 0 && succeeded.every((s) => isStarterLocation(s.location!)),
          sources: sources.map((s) => ({
            source: s.source,
            starter: s.location !== null && isStarterLocation(s.location),
            artifact_sha256: s.artifact_sha256,
            ...freshness(s),
            last_checked_at: s.last_checked_at,
            last_attempt_at: s.last_attempt_at,
            last_outcome: s.last_outcome,
            consecutive_failures: s.consecutive_failures,
            attribution: attributionForIngestSource(s.source),
          })),
        },
      };
    },
  );

  app.get(
    '/coverage/leagues',
    {
      config: { cache: true },
      schema: {
        summary: 'Competitions with the data available for each',
        tags,
        querystring: Type.Object({ ...PageQuery }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            data: Type.Array(Type.Object({ competition: Competition, available: Capabilities })),
            meta: CountedPaginationMeta,
          }),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const result = await listCompetitions(db, {}, { page, limit });
      return {
        data: result.rows.map((row) => ({ competition: toCompetition(row), available: toCapabilities(row) })),
        meta: countedPageMeta(request, { page, limit }, result.hasMore, result.total),
      };
    },
  );

  app.get(
    '/coverage/leagues/:competition_id',
    {
      config: { cache: true },
      schema: {
        summary: 'Coverage of one competition, with its seasons',
        tags,
        params: IdParams('competition_id'),
        response: {
          200: Type.Object({
            data: Type.Object({
              competition: Competition,
              seasons: Type.Array(Season),
              available: Capabilities,
            }),
          }),
          ...errorResponses(401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const row = await findCompetition(storage, request.params.competition_id);
      if (!row) throw notFound('Competition', request.params.competition_id);
      const seasons = await listSeasons(db, row.id);
      return {
        data: {
          competition: toCompetition(row),
          seasons: seasons.map(toSeason),
          available: toCapabilities(row),
        },
      };
    },
  );
};
