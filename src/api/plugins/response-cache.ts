import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CachedResponse, ResponseCache } from '../../cache/response-cache.js';
import type { RequestMetrics } from '../../metrics/request-metrics.js';
import type { DatasetGeneration } from '../../cache/dataset-generation.js';
import { answerScope, answerVersion } from '../answer-scope.js';
import { cacheEntry, etagOf, holdUntilClosed, JSON_TYPE, render } from '../cached-body.js';

/** A request's cache key, from its generation, route, parameters and validated query. */
export type CacheKeyOf = (
  generation: string,
  route: string,
  params: Readonly<Record<string, unknown>>,
  query: Readonly<Record<string, unknown>>,
) => string;

const keyBuilders = new WeakMap<object, CacheKeyOf>();

/**
 * Names a cached answer by what it answers, not by how the URL spelled it: the route, its parameters and
 * its query after validation (values coerced, defaults filled), in the order of the query schema's
 * names, sorted once per route. `limit=0100`, `%31%30%30` and a reordered query string take one entry,
 * so respelling a URL cannot flood the cache. Each value is written with its length before it, so no
 * value can pass for another's separator.
 */
export function cacheKeyOf(querySchema: { properties?: object } | undefined): CacheKeyOf {
  const schema = querySchema ?? {};
  let build = keyBuilders.get(schema);
  if (!build) {
    const names = Object.keys(schema.properties ?? {}).sort();
    build = (generation, route, params, query) => {
      let key = `${generation} ${route}`;
      for (const name in params) {
        const value = String(params[name]);
        key += ` ${value.length}:${value}`;
      }
      for (const name of names) {
        const raw = query[name];
        if (raw === undefined) continue;
        const value = String(raw);
        key += ` ${name}=${value.length}:${value}`;
      }
      return key;
    };
    keyBuilders.set(schema, build);
  }
  return build;
}

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse): void {
  if (request.notModified) return void reply.header('etag', request.notModified).code(304).send();
  request.cachedEntry = entry;
  reply.header('etag', entry.etag).type(JSON_TYPE).send(render(entry, request.id));
}

/**
 * Routes marked `cache` are answered from serialized bytes keyed on the version of the data they show
 * (answer-scope.ts) and the validated request (cacheKeyOf). The first answer is serialized with a placeholder request ID and
 * stored; later ones splice the real ID in. Every 200 carries a weak ETag, and a matching If-None-Match
 * gets 304: whether it matches was decided when the request was admitted (see not-modified.ts), and a
 * 304 is sent exactly when it was and the answer is a 200. The lookup runs after validation, so an
 * invalid request never reaches the cache.
 */
export function registerResponseCache(
  app: FastifyInstance,
  cache: ResponseCache,
  generation: DatasetGeneration,
  metrics?: RequestMetrics,
): void {
  app.decorateRequest('cacheKey', null);
  app.decorateRequest('cacheVersion', null);
  app.decorateRequest('cachedEntry', null);
  app.addHook('preHandler', (request, reply, done) => {
    const { config, url, schema } = request.routeOptions;
    // Public routes are never cached: the fast path answers cached URLs to keyed requests only.
    if (!config.cache || config.public || request.method !== 'GET') return done();
    const params = request.params as Record<string, unknown>;
    const version = answerVersion(generation, config.cacheFollowsRuns, answerScope(config, params));
    const key = cacheKeyOf(schema?.querystring as object | undefined)(
      version,
      url!,
      params,
      request.query as Record<string, unknown>,
    );
    request.cacheKey = key;
    request.cacheVersion = version;
    const local = cache.peek?.(key);
    if (local) {
      metrics?.cacheHit();
      // A held answer's bytes are the cache's, reused once it admits another answer; a body without a
      // request ID is sent as they are, and the socket may keep them past this turn: kept until it closes.
      if (!request.notModified) holdUntilClosed(cache, local, reply.raw);
      return sendEntry(request, reply, local);
    }
    const miss = () => {
      metrics?.cacheMiss();
      done();
    };
    // Only a shared layer can hold what this process does not: ask it, waiting.
    if (cache.kind !== 'redis') return miss();
    cache.get(key).then((entry) => {
      if (!entry) return miss();
      metrics?.cacheHit();
      sendEntry(request, reply, entry);
    }, miss);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      !request.cacheKey ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      reply.getHeader('etag')
    ) {
      return done(null, payload);
    }
    // Tagged with the version the key was made with: one read since may have moved it.
    const entry = cacheEntry(payload, etagOf(request.cacheVersion!, request.cacheKey));
    // A cache that fails to store only misses next time. An answer with a freshness of its own (a live
    // match's: Cache-Control: max-age) is not kept: it would be served again without that header.
    if (!reply.hasHeader('cache-control')) cache.set(request.cacheKey, entry).catch(() => undefined);
    if (request.notModified) {
      reply.header('etag', request.notModified).code(304);
      return done(null, '');
    }
    reply.header('etag', entry.etag);
    request.cachedEntry = entry;
    done(null, render(entry, request.id));
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    cacheKey: string | null;
    /** The version of the data the cache key was made with (answer-scope.ts). */
    cacheVersion: string | null;
    /** The cached answer the request is answered with, for compression (plugins/compression.ts). */
    cachedEntry: CachedResponse | null;
  }
}
