import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FailureStreaks } from '../../logging/failure-streaks.js';
import { databaseAnswers, within } from '../../storage/probe.js';
import type { RouteDeps } from '../route-context.js';

const Health = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
    version: Type.String(),
    time: Type.String({ format: 'date-time' }),
    checks: Type.Object({ database: Type.Boolean(), cache: Type.Boolean() }),
  },
  { $id: 'Health' },
);

export const healthRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  // Checked here only, off the request path: a load balancer polling /health is what must notice.
  const fileChange = deps.storage.fileChange;
  const streaks = new FailureStreaks(app.log);
  app.addHook('onClose', async () => streaks.close());

  /** Whether the database file opened is still the one at its path; false is logged once per streak. */
  const fileInPlace = (): boolean => {
    const change = fileChange?.();
    if (change === undefined) return true;
    // One streak per kind of change: a file deleted, then another put in its place, is logged twice.
    streaks.failed(
      `database-file: ${change}`,
      `database file changed: ${change}; this process still reads the file it opened, restart it`,
    );
    return false;
  };

  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        summary:
          'Service health: a real round trip to the database and to the response cache, and on SQLite ' +
          'whether the database file is still the one at its path',
        tags: ['platform'],
        security: [],
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const [reachable, cache] = await Promise.all([databaseAnswers(deps.db), within(deps.cache.probe())]);
      const database = fileInPlace() && reachable;
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
