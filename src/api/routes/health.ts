import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { FailureStreaks } from '../../logging/failure-streaks.js';
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
      const [reachable, cache] = await Promise.all([
        within(sql`select 1 as ok`.execute(deps.db), CHECK_TIMEOUT_MS),
        within(deps.cache.probe(), CHECK_TIMEOUT_MS),
      ]);
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
