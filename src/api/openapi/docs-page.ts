import type { FastifyInstance, RouteOptions } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';
import { docsHeaders } from './docs-csp.js';
import { DOCS_PATH, OPENAPI_JSON_PATH } from './swagger-options.js';

/** The top bar's name, in place of the plugin's Fastify logo. */
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="40" viewBox="0 0 150 40">' +
  '<text x="0" y="28" font-family="sans-serif" font-size="24" font-weight="bold" fill="#fff">Touchline</text></svg>';

/**
 * Marks the routes under `path` public (no key, counted against nothing, never cached, and no NoQuery):
 * @fastify/swagger-ui registers the reference page's routes and takes no route config, so this onRoute
 * hook must run before those that read `public` (app.ts adds it ahead of them).
 */
export function publicUnder(path: string) {
  return (route: RouteOptions): void => {
    if (route.url === path || route.url.startsWith(`${path}/`))
      route.config = { ...route.config, public: true };
  };
}

/**
 * The human-readable reference at `<prefix>/docs`: Swagger UI, whose scripts and styles come with the
 * npm package and are served from here (no CDN: it works offline), reading the document from
 * `<prefix>/openapi.json`. @fastify/swagger-ui also serves the document at /docs/json and /docs/yaml.
 */
export async function registerDocsPage(app: FastifyInstance, prefix: string): Promise<void> {
  // A context of its own, so that the headers go with the page's answers only, not the API's JSON.
  const headers = docsHeaders();
  await app.register(async (docs) => {
    docs.addHook('onSend', (_request, reply, payload, done) => {
      reply.headers(headers);
      done(null, payload);
    });
    await registerSwaggerUi(docs, prefix);
  });
}

async function registerSwaggerUi(app: FastifyInstance, prefix: string): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    indexPrefix: prefix,
    theme: { title: 'Touchline API reference' },
    logo: {
      type: 'image/svg+xml',
      content: Buffer.from(LOGO),
      href: `${prefix}${DOCS_PATH}`,
      target: '_self',
    },
    uiConfig: {
      // `urls` rather than `url`: the plugin points `url` at its own copy; this loads (and links) the canonical one.
      urls: [{ url: `${prefix}${OPENAPI_JSON_PATH}`, name: `Touchline API ${prefix}` }],
      displayOperationId: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 1,
      tryItOutEnabled: false,
    },
  });
}
