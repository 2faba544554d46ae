import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { completeDocument, type OpenApiObject } from './complete-document.js';
import { RouteFactBook } from './route-facts.js';
import { EXPLORER_PATH } from '../explorer/explorer-page.js';

/** Where the document and its reference page are served, under the API prefix (routes/openapi.ts). */
export const OPENAPI_JSON_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

const TAGS = [
  ['platform', 'Health of the service'],
  ['account', 'The calling key, its plan and its usage'],
  ['coverage', 'What is stored, per competition and source, and how fresh it is'],
  ['competitions', 'Competitions, their seasons and season tables'],
  ['matches', 'Fixtures and results'],
  ['match details', 'Statistics, lineups, timelines and player statistics of a match'],
  ['teams', 'Teams, squads, current table positions and absences'],
  ['people', 'Players and their careers, coaches, referees and venues'],
  ['changes', 'What changed since a cursor, to keep a copy of the data in step'],
  ['live', 'Live updates as they are applied: a Server-Sent Events stream, and its tokens for browsers'],
].map(([name, description]) => ({ name: name!, description: description! }));

/**
 * What the server serves besides the operations: this document, and two pages for people. They are not
 * operations (docs/api.md, "OpenAPI document and reference page"): a generated client gets a method per
 * data route, not one returning HTML or the document it was generated from; a reader finds them here.
 */
function pagesOf(prefix: string): string {
  const at = (path: string) => `[${prefix}${path}](${prefix}${path})`;
  return [
    'Served beside the operations, without a key, and not described as operations:',
    `- ${at(OPENAPI_JSON_PATH)}: this document (OpenAPI 3.1, JSON).`,
    `- ${at(DOCS_PATH)}: its reference page (Swagger UI, served from this server).`,
    `- ${at(`${EXPLORER_PATH}/`)}: the explorer, a page that shows competitions, tables, matches and teams ` +
      'through this API with a key pasted into it (kept in the browser tab, sent in the Authorization header only).',
  ].join('\n');
}

/**
 * The options @fastify/swagger is registered with: the document's frame, and its completion from the
 * routes' config (complete-document.ts), so that routes declare only what is theirs to say.
 */
export function swaggerOptions(prefix: string): FastifyDynamicSwaggerOptions {
  const facts = new RouteFactBook();
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Touchline football data API',
        version: '1.0.0-beta',
        // The software's licence (package.json). The data keeps each source's own: every answer that
        // shows stored data names its sources and their licences in `attribution`.
        license: { name: 'MIT', identifier: 'MIT' },
        description:
          'Read-only football data: competitions, seasons, teams, matches and coverage. ' +
          'Every authenticated answer carries X-RateLimit-Limit, X-RateLimit-Remaining (requests per minute), ' +
          'X-RateLimit-Reset (seconds until the minute window frees a request), ' +
          'X-Quota-Limit, X-Quota-Remaining (requests per billing period) and X-Quota-Reset (seconds until the ' +
          'period ends); 429 answers add Retry-After (seconds). JSON answers of 1 KB or more are compressed with ' +
          'gzip or br by Accept-Encoding (gzip on a tie; Vary: Accept-Encoding on every answer; one weak ETag for ' +
          'every coding). See docs/api.md for the decisions the interface ' +
          'leaves open.\n\n' +
          pagesOf(prefix),
      },
      servers: [{ url: '/' }],
      tags: TAGS,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API key' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url, route }) => {
      if (schema?.hide) return { schema, url };
      facts.note(route);
      // A public route needs no key: said once here rather than by each route.
      const open = route.config?.public && schema?.security === undefined;
      return { schema: open ? { ...schema, security: [] } : schema, url };
    },
    transformObject: (document) =>
      completeDocument((document as { openapiObject: OpenApiObject }).openapiObject, facts, prefix) as never,
  };
}
