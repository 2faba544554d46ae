// The raw-socket scenarios (scenarios/*.ts) against `touchline serve` started by the CLI (real-server.ts),
// one server per engine (both in the system suite, which otherwise runs on SQLite): on SQLite, `serve --workers 2` (the connections spread over
// two cluster workers); on PostgreSQL, `serve` with Redis for the response cache and the request
// counters. What only the app in this process shows is asserted by the other files in this folder; the
// slow clients that need shortened timeouts run there only (slow-clients.test.ts): the slow heads run
// here with the app's own headers timeout, side by side with the other scenarios.
import { after, test } from 'node:test';
import { PG_PORT, REDIS_PORT, requireService } from '../../support/production/services.js';
import { exitIfStuck } from '../../support/production/wait.js';
import { realServer, type RealServerOptions } from '../../support/http/real-server.js';
import { malformedRequests } from '../../support/http/scenarios/malformed-requests.js';
import { pipelining } from '../../support/http/scenarios/pipelining.js';
import { APP_TIMEOUTS, slowHeads } from '../../support/http/scenarios/slow-clients.js';
import { smuggling } from '../../support/http/scenarios/smuggling.js';
import { floodWhileAnotherClientReads } from '../../support/http/scenarios/unread-pipelining.js';

// Whatever a failure leaves behind, this file's process must end.
after(() => exitIfStuck());

const SERVERS: Array<RealServerOptions & { title: string }> = [
  { title: '`touchline serve --workers 2` on SQLite', engine: 'sqlite', workers: 2 },
  {
    title: '`touchline serve` on PostgreSQL and Redis',
    engine: 'postgres',
    workers: 1,
    redisUrl: `redis://127.0.0.1:${REDIS_PORT}`,
  },
];

for (const server of SERVERS) {
  test(`the raw-socket scenarios against ${server.title}`, { timeout: 120_000 }, async (t) => {
    if (server.engine === 'postgres' && !(await requireService(t, PG_PORT, 'PostgreSQL'))) return;
    if (server.redisUrl && !(await requireService(t, REDIS_PORT, 'Redis'))) return;
    const target = await realServer(t, server);

    await t.test('every scenario', { concurrency: true }, async (t) => {
      await Promise.all([
        t.test('slow heads, with the timeouts the app sets', (t) => slowHeads(t, target, APP_TIMEOUTS)),
        t.test('the other scenarios, one after another', async (t) => {
          await t.test('malformed and oversized requests', (t) => malformedRequests(t, target));
          await t.test('pipelined requests on one connection', (t) => pipelining(t, target));
          await t.test('request smuggling attempts', (t) => smuggling(t, target));
          // Last: its flood spends the key's rate limit.
          await t.test('clients that pipeline and never read do not take the service down', (t) =>
            floodWhileAnotherClientReads(t, target),
          );
        }),
      ]);
    });
  });
}
