import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Admission } from '../auth/admission.js';
import { KeyDirectory } from '../auth/key-directory.js';
import type { Environment } from '../config/config.js';
import { DEFAULT_PLANS, type Plan } from '../config/plans.js';
import type { LimitStore } from '../limits/limit-store.js';
import { memoryLimitStore } from '../limits/limit-store-factory.js';
import { FailureStreaks } from '../logging/failure-streaks.js';
import { UNMATCHED_ROUTE, type RequestMetrics } from '../metrics/request-metrics.js';
import { storedKeys } from '../storage/repositories/api-key.repository.js';
import { onAnsweredOf, type OnAnswered } from './answered-request.js';
import { ApiError } from './errors/catalogue.js';
import { checkCacheScope } from './answer-address.js';
import { answerClientError } from './http/client-errors.js';
import { serverFactory } from './http/server-factory.js';
import { registerAdmission } from './plugins/admission.js';
import { registerCodingVary, registerCompression } from './plugins/compression.js';
import { registerCors } from './plugins/cors.js';
import { registerErrorHandling, sendError } from './plugins/errors.js';
import { judgeConditionalGets } from './plugins/not-modified.js';
import { registerResponseCache } from './plugins/response-cache.js';
import { registerPageLinks } from './plugins/page-links.js';
import { newRequestId } from './request-id.js';
import { publicUnder } from './openapi/docs-page.js';
import { DOCS_PATH, swaggerOptions } from './openapi/swagger-options.js';
import { StandingsBook } from './standings/season-standings.js';
import { accountRoutes } from './routes/account.js';
import { changeRoutes } from './routes/changes.js';
import type { RouteDeps } from './route-context.js';
import { ErrorEnvelope, NoQuery } from './schemas/common.js';
import { TIME_ZONE_KEYWORD } from './schemas/time-zone.js';
import { MATCH_INCLUDES_KEYWORD } from './schemas/match-include.js';
import { competitionRoutes } from './routes/competitions.js';
import { coverageRoutes } from './routes/coverage.js';
import { healthRoutes } from './routes/health.js';
import { matchDetailRoutes } from './routes/match-details.js';
import { matchRoutes } from './routes/matches.js';
import { openapiRoute } from './routes/openapi.js';
import { explorerRoute } from './routes/explorer.js';
import { EXPLORER_PATH } from './explorer/explorer-page.js';
import { teamRoutes } from './routes/teams.js';
import { peopleRoutes } from './routes/people.js';
import { leaderRoutes } from './routes/leaders.js';
import { teamStatisticsRoutes } from './routes/team-statistics.js';
import { ratingRoutes } from './routes/ratings.js';
import { liveStreamRoutes } from './routes/live-stream.js';
import { calendarRoutes } from './routes/calendar.js';
import { webhookRoutes } from './routes/webhooks.js';
import { sendWebhook, type Attempt, type Delivery } from '../webhooks/send-webhook.js';
import { TargetPolicy } from '../webhooks/target-policy.js';
import { openLiveFeed, type LiveStreams } from '../stream/live-feed.js';
import { readStreamConfig } from '../config/stream-config.js';

export const API_PREFIX = '/api/v1';

/** How Fastify's router reads a path: exactly as sent, a parameter at most 100 characters long. */
const ROUTER_OPTIONS = {
  ignoreTrailingSlash: false,
  ignoreDuplicateSlashes: false,
  caseSensitive: true,
  maxParamLength: 100,
  useSemicolonDelimiter: false,
} as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts draining: every answer from now on closes its connection. */
    drain(): void;
  }
}

/** The route dependencies, with the query builder taken from `storage`. */
export interface AppOptions extends Omit<RouteDeps, 'db' | 'standings'> {
  env: Environment;
  /** Request counters; by default in-process ones persisting quotas to `storage`. */
  limits?: LimitStore;
  plans?: readonly Plan[];
  /** The process's logger; none in tests. */
  logger?: FastifyBaseLogger;
  /** How often new keys are looked for (the bound on a new key being taken for an unknown one); 1 s. */
  keyPollMs?: number;
  /** What the process counts of its requests for /metrics; nothing is counted without it. */
  metrics?: RequestMetrics;
  /** The access log (http/access-log.ts); none by default. */
  accessLog?: OnAnswered;
  /** Origins browsers may call from (config `corsOrigins`); none by default here, '*' in the config. */
  corsOrigins?: '*' | readonly string[] | null;
  /** gzip and br by Accept-Encoding (config `compression`); off by default here, on in the config. */
  compression?: boolean;
  /** The live stream's feed (src/stream): the server's; by default one of the app's own, on `storage`. */
  live?: LiveStreams;
  /**
   * Where webhooks may go (https only, no private address, by default) and how one is sent (sendWebhook over
   * that policy): the test delivery's. The server's are the configuration's (TOUCHLINE_WEBHOOK_*).
   */
  webhooks?: { policy?: TargetPolicy; send?: (delivery: Delivery) => Promise<Attempt> };
  /** The routes served under the API's prefix; Touchline's (ROUTES) by default. */
  routes?: readonly RoutePlugin[];
}

/** A module of route declarations (src/api/routes), given the routes' dependencies. */
export type RoutePlugin = FastifyPluginAsyncTypebox<RouteDeps>;

/**
 * Every route of the API but the live stream's (whose dependencies are its own): routing, validation,
 * admission, caching, ETag, compression and the OpenAPI document all follow from what each declares.
 */
export const ROUTES: readonly RoutePlugin[] = [
  healthRoutes,
  openapiRoute,
  explorerRoute,
  accountRoutes,
  coverageRoutes,
  competitionRoutes,
  matchRoutes,
  matchDetailRoutes,
  teamRoutes,
  peopleRoutes,
  leaderRoutes,
  teamStatisticsRoutes,
  ratingRoutes,
  changeRoutes,
];

/** Builds the HTTP application; starting to listen is the caller's business (see src/server). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // Once draining or closing has begun, answers end their connection: clients reconnect elsewhere and
  // no keep-alive connection is left idle to be cut when the server closes, nor keeps it waiting.
  let closing = false;
  const limits = options.limits ?? memoryLimitStore(options.storage);
  const keys = new KeyDirectory(storedKeys(options.storage));
  const { metrics } = options;
  const onAnswered = onAnsweredOf(metrics?.answered, options.accessLog);
  const admission = new Admission({
    keys,
    limits,
    plans: options.plans ?? DEFAULT_PLANS,
    env: options.env,
    onRefusal: metrics && ((reason) => metrics.refused(reason)),
  });
  // Live streams: the server's feed, else the app's own (defaults, a secret of its own), closed with it.
  const ownLive = options.live ? undefined : openLiveFeed(options.storage, readStreamConfig({}));
  const live = options.live ?? ownLive!;
  const compression = options.compression === true;
  const app = Fastify({
    serverFactory: serverFactory({ draining: () => closing }),
    // Node's limits on slow clients: a head within 10 s, a whole request within 30 s (every route is a
    // GET), checked every second, instead of Node's 60 s and 300 s checked every 30 s.
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 1000 },
    requestTimeout: 30_000,
    clientErrorHandler: answerClientError,
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    genReqId: newRequestId,
    requestIdHeader: false,
    // Per-request access logs cost more than the requests themselves at this service's speed; errors are logged
    // once per streak through the app's logger, so requests need no child logger of their own either.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger) => logger,
    // Requests already on an open connection when closing begins are answered normally (see drain).
    return503OnClosing: false,
    routerOptions: ROUTER_OPTIONS,
    // Router-level failures bypass the error handler; answer them in the same envelope.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        return sendError(reply, new ApiError('not_found', 'No resource has an identifier that long.', {}));
      }
      if (error.code === 'FST_ERR_BAD_URL') {
        return sendError(
          reply,
          new ApiError('invalid_parameter', 'The URL path is not validly percent-encoded.', {
            reason: 'malformed path',
          }),
        );
      }
      return sendError(
        reply,
        new ApiError('internal_error', 'An internal error occurred.', { request_id: request.id }),
      );
    },
    ajv: {
      // Unknown query parameters are errors, not silently dropped.
      customOptions: {
        removeAdditional: false,
        coerceTypes: true,
        useDefaults: true,
        allErrors: false,
        // `tz` is resolved to the zone it names as it is validated (schemas/time-zone.ts), `include` put in
        // order (schemas/match-include.ts).
        keywords: [TIME_ZONE_KEYWORD, MATCH_INCLUDES_KEYWORD],
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  const streaks = new FailureStreaks(app.log);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  if (onAnswered) {
    app.addHook('onResponse', (request, reply, done) => {
      // A stream reports itself when it ends (routes/live-stream.ts).
      if (request.streamed) return done();
      onAnswered({
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
        keyId: request.apiKey?.id ?? null,
        requestId: request.id,
        bytes: Number(reply.getHeader('content-length') ?? 0),
      });
      done();
    });
  }
  app.decorate('drain', () => {
    closing = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Answers given later than their request's arrival (the server factory covers the others).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    keys.stop();
    streaks.close();
    await limits.close();
    await ownLive?.close();
  });
  registerErrorHandling(app, streaks);
  app.addSchema(ErrorEnvelope);

  // The reference page's and the explorer's routes (routes/openapi.ts, routes/explorer.ts) take no route
  // config (@fastify/swagger-ui and @fastify/static register them): marked public before the hook below
  // reads `public`.
  app.addHook('onRoute', publicUnder(`${API_PREFIX}${DOCS_PATH}`));
  app.addHook('onRoute', publicUnder(`${API_PREFIX}${EXPLORER_PATH}`));
  await app.register(swagger, swaggerOptions(API_PREFIX));

  app.addHook('onRoute', (route) => {
    // Routes that take no query parameters still reject unknown ones, like every other route.
    if (!route.config?.public && !route.schema?.querystring) {
      route.schema = { ...route.schema, querystring: NoQuery };
    }
    checkCacheScope(route.url, route.config);
  });

  // Before admission: a preflight is answered without a key.
  await registerCors(app, options.corsOrigins ?? null);
  if (compression) registerCodingVary(app);
  registerAdmission(app, admission, judgeConditionalGets(app, options.generation));
  registerResponseCache(app, options.cache, options.generation, metrics);
  registerPageLinks(app);
  if (compression) registerCompression(app);

  const deps: RouteDeps = {
    db: options.storage.db,
    storage: options.storage,
    cache: options.cache,
    generation: options.generation,
    standings: new StandingsBook(options.storage, options.generation),
    version: options.version,
  };
  await app.register(
    async (api) => {
      for (const routes of options.routes ?? ROUTES) await api.register(routes, deps);
      await api.register(liveStreamRoutes, { ...deps, live, admission, onAnswered });
      await api.register(calendarRoutes, { ...deps, admission });
      const policy = options.webhooks?.policy ?? new TargetPolicy({ allowHttp: false, allowHosts: [] });
      const send = options.webhooks?.send ?? ((delivery: Delivery) => sendWebhook(policy, delivery));
      await api.register(webhookRoutes, { ...deps, policy, send });
    },
    { prefix: API_PREFIX },
  );
  await app.ready();
  keys.start(options.keyPollMs ?? 1000);
  return app;
}
