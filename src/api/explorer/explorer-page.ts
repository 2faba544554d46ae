import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Where the explorer is served, under the API prefix, beside the reference page (openapi/swagger-options.ts). */
export const EXPLORER_PATH = '/explorer';

/**
 * The page's files: plain HTML, CSS and ES modules, committed as they are served (no build step). Two
 * levels up from this module in src/ and in dist/ alike, so the built server finds the same folder.
 */
export const EXPLORER_ROOT = path.resolve(import.meta.dirname, '../../../web/explorer');

/**
 * What the explorer may load: its own scripts, styles and images, and fetches to this server only (the API
 * it shows). No inline script or style, no eval, no plugin; no frame may show it (clickjacking: it holds a
 * key), no form sends anything (the key form is handled by the script), a <base> cannot move its URLs.
 */
export const EXPLORER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Sent with every answer under /explorer. The files are not fingerprinted, so a browser revalidates them
 * each time (`no-cache`: a 304 by ETag or Last-Modified while unchanged) and an upgraded server's page is
 * used at once; no referrer leaves with a request, though every request stays on this origin anyway.
 */
const HEADERS = {
  'content-security-policy': EXPLORER_CSP,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
};

/**
 * The explorer at `<prefix>/explorer/`: a page that shows competitions, tables, matches and teams through
 * the public API, with the key its user pastes (docs/api.md, "Explorer"). Served by @fastify/static from
 * a list of the folder's files made at start-up (no wildcard route: nothing outside the list is reachable);
 * `<prefix>/explorer` redirects to the folder, so that the page's relative URLs resolve under it.
 */
export async function registerExplorerPage(app: FastifyInstance): Promise<void> {
  // A context of its own, so that the headers go with the page's answers only, not the API's JSON.
  await app.register(async (explorer) => {
    explorer.addHook('onSend', (_request, reply, payload, done) => {
      reply.headers(HEADERS);
      done(null, payload);
    });
    explorer.get(EXPLORER_PATH, { config: { public: true }, schema: { hide: true } }, (request, reply) => {
      const query = request.url.indexOf('?');
      return reply.redirect(`explorer/${query < 0 ? '' : request.url.slice(query)}`, 301);
    });
    await explorer.register(fastifyStatic, {
      root: EXPLORER_ROOT,
      prefix: `${EXPLORER_PATH}/`,
      wildcard: false,
      redirect: false,
      decorateReply: false,
      index: ['index.html'],
      cacheControl: false,
      etag: true,
      lastModified: true,
      dotfiles: 'deny',
      serveDotFiles: false,
    });
  });
}
