import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CachedResponse } from '../../cache/response-cache.js';

/**
 * What a cached page's body holds right after its request ID: pagination meta is page, limit,
 * request_id, has_more (route-context.ts), so `has_more` is the first thing after the ID's placeholder.
 */
const MORE = ',"has_more":true';
const LESS = ',"has_more":false';

/** Whether a cached answer is a page, and whether another follows it; null for an answer of another kind. */
function pageState(entry: CachedResponse): boolean | null {
  const { after } = entry;
  if (after === null) return null;
  const head =
    typeof after === 'string'
      ? after.slice(0, MORE.length)
      : after.subarray(0, MORE.length).toString('latin1');
  if (head === MORE) return true;
  return head === LESS.slice(0, MORE.length) ? false : null;
}

/** The request's own URL with `page` set: a relative reference, every other parameter as the client sent it. */
function pageUrl(request: FastifyRequest, page: number): string {
  const at = request.url.indexOf('?');
  const path = at < 0 ? request.url : request.url.slice(0, at);
  const query = new URLSearchParams(at < 0 ? '' : request.url.slice(at + 1));
  query.set('page', String(page));
  return `${path}?${query.toString()}`;
}

/**
 * An RFC 8288 `Link` header on every page of a paginated list (issue 45): `rel="next"` while has_more is
 * true, `rel="prev"` after the first page. Read off the answer the response cache sends (every paginated
 * route is cached), so a hit costs no parse: has_more sits right after the request ID (pageState).
 */
export function registerPageLinks(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const entry = request.cachedEntry;
    if (!entry || reply.statusCode !== 200) return done(null, payload);
    const more = pageState(entry);
    if (more === null) return done(null, payload);
    const page = Number((request.query as { page?: string | number }).page ?? 1);
    const links: string[] = [];
    if (more) links.push(`<${pageUrl(request, page + 1)}>; rel="next"`);
    if (page > 1) links.push(`<${pageUrl(request, page - 1)}>; rel="prev"`);
    if (links.length > 0) reply.header('link', links.join(', '));
    done(null, payload);
  });
}
