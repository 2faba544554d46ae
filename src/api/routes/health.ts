import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import type { RouteDeps } from '../route-context.js';

const CHECK_TIMEOUT_MS = 1000;

const Health = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
    version: Type.String(),
    time: Type.String({ format: 'date-time' }),
    checks: Type.Object({ database: Type.Boolean(), cache: Type.Boolean() }),
  },
  { $id: 'Health' },
);

async function within(check: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check.then((v) => v !== false).catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        summary: 'Service health: a real round trip to the database and to the response cache',
        tags: ['platform'],
        security: [],
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const [database, cache] = await Promise.all([
        within(sql`select 1 as ok`.execute(deps.db), CHECK_TIMEOUT_MS),
        within(deps.cache.probe(), CHECK_TIMEOUT_MS),
      ]);
      const healthy = database && cache;
      reply.header('cache-control', 'no-store');
      return reply.code(healthy ? 200 : 503).send({
        status: healthy ? 'ok' : 'degraded',
        version: deps.version,
        time: new Date().toISOString(),
        checks: { database, cache },
      });
    },
  );
};
