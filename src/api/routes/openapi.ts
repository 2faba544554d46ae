import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerDocsPage } from '../openapi/docs-page.js';
import { OPENAPI_JSON_PATH } from '../openapi/swagger-options.js';
import type { RouteDeps } from '../route-context.js';

/** The OpenAPI document and its reference page: public, like /health (docs/api.md, "Authentication"). */
export const openapiRoute: FastifyPluginAsyncTypebox<RouteDeps> = async (app) => {
  app.get(OPENAPI_JSON_PATH, { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(app.swagger()),
  );
  await registerDocsPage(app, app.prefix);
};
