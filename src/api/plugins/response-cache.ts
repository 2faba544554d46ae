import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CachedResponse, ResponseCache } from '../../cache/response-cache.js';
import type { DatasetGeneration } from '../../cache/dataset-generation.js';

/** Stands in for the request ID while a body is serialized, so the cached text can take any request's ID. */
export const REQUEST_ID_PLACEHOLDER = '__touchline_request_id__';
const QUOTED_PLACEHOLDER = JSON.stringify(REQUEST_ID_PLACEHOLDER);
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Entries are keyed on the raw request URL, path and query string as sent. */
export function responseCacheKey(generation: string, url: string): string {
  return `${generation}:${url}`;
}

export function render(entry: CachedResponse, requestId: string): string {
  return entry.after === null ? entry.before : entry.before + JSON.stringify(requestId) + entry.after;
}

/** A 200 body serialized with the placeholder request ID, as the cache keeps it, with its ETag. */
export function cacheEntry(body: string, generation: string): CachedResponse {
  // Meta comes after data: searched from the end, the placeholder is found at once, not in a data value.
  const at = body.lastIndexOf(QUOTED_PLACEHOLDER);
  const before = at < 0 ? body : body.slice(0, at);
  const after = at < 0 ? null : body.slice(at + QUOTED_PLACEHOLDER.length);
  const digest = createHash('sha1')
    .update(before)
    .update(after ?? '')
    .digest('base64url')
    .slice(0, 22);
  return { before, after, etag: `W/"${generation}-${digest}"` };
}

/** If-None-Match holds `*` or a list of entity tags; weak comparison, as RFC 9110 asks for GET. */
function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === bare);
}

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse): FastifyReply {
  reply.header('etag', entry.etag);
  if (matchesEtag(request, entry.etag)) return reply.code(304).send();
  return reply.type(JSON_TYPE).send(render(entry, request.id));
}

/**
 * Routes marked `cache` are answered from serialized bytes keyed on the dataset generation and URL. The
 * first answer is serialized with a placeholder request ID and stored; later ones splice the real ID in.
 * Every 200 carries a weak ETag, and a matching If-None-Match gets 304.
 */
export function registerResponseCache(
  app: FastifyInstance,
  cache: ResponseCache,
  generation: DatasetGeneration,
): void {
  app.decorateRequest('cacheKey', null);
  app.addHook('onRequest', async (request, reply) => {
    const { config } = request.routeOptions;
    // Public routes are never cached: the fast path answers cached URLs to keyed requests only.
    if (!config.cache || config.public || request.method !== 'GET') return;
    const key = responseCacheKey(generation.current, request.url);
    request.cacheKey = key;
    const entry = await cache.get(key).catch(() => undefined);
    if (entry) return sendEntry(request, reply, entry);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      !request.cacheKey ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      reply.getHeader('etag')
    ) {
      return payload;
    }
    const entry = cacheEntry(payload, generation.current);
    await cache.set(request.cacheKey, entry).catch(() => undefined);
    reply.header('etag', entry.etag);
    if (matchesEtag(request, entry.etag)) {
      reply.code(304);
      return '';
    }
    return render(entry, request.id);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    cacheKey: string | null;
  }
  interface FastifyContextConfig {
    /** No API key needed. */
    public?: boolean;
    /** Answer from the response cache. */
    cache?: boolean;
  }
}
