import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteDeps } from '../route-context.js';

export const openapiRoute: FastifyPluginAsyncTypebox<RouteDeps> = async (app) => {
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(app.swagger()),
  );
};
