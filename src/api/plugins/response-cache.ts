import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CachedResponse, ResponseCache } from '../../cache/response-cache.js';
import type { RequestMetrics } from '../../metrics/request-metrics.js';
import type { DatasetGeneration } from '../../cache/dataset-generation.js';
import { requestAddress } from '../answer-address.js';
import { cacheEntry, holdUntilClosed, JSON_TYPE, render } from '../cached-body.js';

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse): void {
  if (request.notModified) return void reply.header('etag', request.notModified).code(304).send();
  request.cachedEntry = entry;
  reply.type(JSON_TYPE).header('etag', entry.etag).send(render(entry, request.id));
}

/**
 * Routes marked `cache` are answered from serialized bytes keyed on the version of the data they show
 * and the validated request (requestAddress in answer-address.ts). The first answer is serialized with a
 * placeholder request ID and offered to the cache, which decides whether to keep it (the one admission
 * rule: MemoryResponseCache's); later ones splice the real ID in. Every 200 carries a weak ETag, and a
 * matching If-None-Match gets 304: whether it matches was decided when the request was admitted (see
 * not-modified.ts), and a 304 is sent exactly when it was and the answer is a 200.
 *
 * The lookup is an onRequest hook registered after admission's: a held answer is sent as soon as the
 * request is counted, before Fastify's validation, handler and serialization run (what a request costs
 * on a hit is routing, admission and the write). A request the route's validators refuse has no address
 * and so never reaches the cache; Fastify's validation answers it.
 */
export function registerResponseCache(
  app: FastifyInstance,
  cache: ResponseCache,
  generation: DatasetGeneration,
  metrics?: RequestMetrics,
): void {
  app.decorateRequest('cacheAddress', null);
  app.decorateRequest('cachedEntry', null);
  app.addHook('onRequest', (request, reply, done) => {
    const address = requestAddress(request, generation);
    if (!address) return done();
    const { key } = address;
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
    const address = request.cacheAddress;
    if (!address || reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('etag')) {
      return done(null, payload);
    }
    // Tagged with the version the key was made with: one read since may have moved it.
    const entry = cacheEntry(payload, address.etag);
    // A cache that fails to store only misses next time. An answer with a freshness of its own (a live
    // match's: Cache-Control: max-age) is not kept: it would be served again without that header.
    if (!reply.hasHeader('cache-control')) cache.set(address.key, entry).catch(() => undefined);
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
    /** The cached answer the request is answered with, for compression (plugins/compression.ts). */
    cachedEntry: CachedResponse | null;
  }
}
