// A listening app with a live feed of its own (short heartbeat and poll, a known token secret), for the
// stream tests, and rows of the live-update log as the code that applies updates writes them.
import type { TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../../../src/api/app.js';
import type { DatasetGeneration } from '../../../src/cache/dataset-generation.js';
import type { MemoryResponseCache } from '../../../src/cache/response-cache.js';
import type { Storage } from '../../../src/storage/connection.js';
import { appendLiveEvent } from '../../../src/storage/repositories/live-event.repository.js';
import { openLiveFeed, type LiveFeed, type LiveFeedOptions } from '../../../src/stream/live-feed.js';
import { appOnStorage } from '../test-app.js';

export const SECRET = 'a-test-secret-of-at-least-32-characters';

export interface StreamApp {
  app: FastifyInstance;
  live: LiveFeed;
  generation: DatasetGeneration;
  cache: MemoryResponseCache;
  /** `http://127.0.0.1:<port>/api/v1` */
  base: string;
}

/** Builds the app on `storage` with a feed of its own, listens on a free port; closed after `t`. */
export async function streamApp(
  t: Pick<TestContext, 'after'>,
  storage: Storage,
  options: {
    feed?: Partial<LiveFeedOptions>;
    app?: Partial<Pick<AppOptions, 'limits' | 'plans' | 'accessLog' | 'corsOrigins'>>;
  } = {},
): Promise<StreamApp> {
  const live = openLiveFeed(storage, {
    livePollMs: 50,
    heartbeatMs: 200,
    bufferBytes: 64 * 1024,
    tokenSecret: SECRET,
    ...options.feed,
  });
  const { app, cache, generation } = await appOnStorage(storage, { ...options.app, live });
  t.after(async () => {
    await app.close();
    await live.close();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  await live.hub.ready();
  return { app, live, generation, cache, base: `http://127.0.0.1:${port}/api/v1` };
}

let updates = 0;

/** Appends an applied update of `matchId` to the log, as src/live does; answers its event ID. */
export async function appendUpdate(
  storage: Storage,
  matchId: string,
  competitionId: string,
  changes: Record<string, unknown> = {},
): Promise<number> {
  updates += 1;
  return appendLiveEvent(storage.db, {
    match_id: matchId,
    competition_id: competitionId,
    update_id: `test-${process.pid}-${updates}`,
    sequence: updates,
    actor: 'test',
    applied_at: new Date().toISOString(),
    payload: {},
    changes: { match_id: matchId, competition_id: competitionId, n: updates, ...changes },
  });
}
