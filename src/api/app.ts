import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Environment } from '../config/config.js';
import { DEFAULT_PLANS, type Plan } from '../config/plans.js';
import type { LimitStore } from '../limits/limit-store.js';
import { memoryLimitStore } from '../limits/limit-store-factory.js';
import { apiKeyLookupNow } from '../storage/repositories/api-key.repository.js';
import { readFastPath } from './read-fast-path.js';
import { serverWithFastPath } from './fast-path-server.js';
import { synchronousReads } from './synchronous-reads.js';
import { registerAuth } from './plugins/auth.js';
import { registerLimits } from './plugins/limits.js';
import { ApiError } from './errors/catalogue.js';
import { registerErrorHandling, sendError } from './plugins/errors.js';
import { registerResponseCache } from './plugins/response-cache.js';
import type { RouteDeps } from './route-context.js';
import { ErrorEnvelope, NoQuery } from './schemas/common.js';
import { competitionRoutes } from './routes/competitions.js';
import { coverageRoutes } from './routes/coverage.js';
import { healthRoutes } from './routes/health.js';
import { matchDetailRoutes } from './routes/match-details.js';
import { matchRoutes } from './routes/matches.js';
import { openapiRoute } from './routes/openapi.js';
import { teamRoutes } from './routes/teams.js';

export const API_PREFIX = '/api/v1';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts draining: every answer from now on closes its connection. */
    drain(): void;
  }
}

/** The route dependencies, with the query builder taken from `storage`. */
export interface AppOptions extends Omit<RouteDeps, 'db'> {
  env: Environment;
  /** Request counters; by default in-process ones persisting quotas to `storage`. */
  limits?: LimitStore;
  plans?: readonly Plan[];
  /** The process's logger; none in tests. */
  logger?: FastifyBaseLogger;
}

/** Builds the HTTP application; starting to listen is the caller's business (see src/server). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // Once draining or closing has begun, answers end their connection: clients reconnect elsewhere and
  // no keep-alive connection is left idle to be cut when the server closes, nor keeps it waiting.
  let closing = false;
  const limits = options.limits ?? memoryLimitStore(options.storage);
  const plans = options.plans ?? DEFAULT_PLANS;
  const fastPath = readFastPath({
    cache: options.cache,
    generation: options.generation,
    limits,
    plans,
    env: options.env,
    findKey: apiKeyLookupNow(options.storage),
    read: synchronousReads(options.storage, API_PREFIX),
    draining: () => closing,
  });
  const app = Fastify({
    serverFactory: serverWithFastPath(fastPath),
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Per-request access logs cost more than the requests themselves at this service's speed; errors are logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Requests already on an open connection when closing begins are answered normally (see drain).
    return503OnClosing: false,
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
      customOptions: { removeAdditional: false, coerceTypes: true, useDefaults: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.decorate('drain', () => {
    closing = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  registerErrorHandling(app);
  app.addSchema(ErrorEnvelope);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Touchline football data API',
        version: '1.0.0-beta',
        description:
          'Read-only football data: competitions, seasons, teams, matches and coverage. ' +
          'Every authenticated answer carries X-RateLimit-Limit, X-RateLimit-Remaining (requests per minute), ' +
          'X-Quota-Limit, X-Quota-Remaining (requests per billing period) and X-Quota-Reset (seconds until the ' +
          'period ends); 429 answers add Retry-After (seconds). See docs/api.md for the decisions the interface leaves open.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API key' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });

  // Routes that take no query parameters still reject unknown ones, like every other route.
  app.addHook('onRoute', (route) => {
    if (route.config?.public || route.schema?.querystring) return;
    route.schema = { ...route.schema, querystring: NoQuery };
  });

  registerAuth(app, options.storage, options.env);
  registerLimits(app, limits, plans);
  registerResponseCache(app, options.cache, options.generation);

  const deps: RouteDeps = {
    db: options.storage.db,
    storage: options.storage,
    cache: options.cache,
    generation: options.generation,
    version: options.version,
  };
  await app.register(
    async (api) => {
      await api.register(healthRoutes, deps);
      await api.register(openapiRoute, deps);
      await api.register(coverageRoutes, deps);
      await api.register(competitionRoutes, deps);
      await api.register(matchRoutes, deps);
      await api.register(matchDetailRoutes, deps);
      await api.register(teamRoutes, deps);
    },
    { prefix: API_PREFIX },
  );
  await app.ready();
  return app;
}
