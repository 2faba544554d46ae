// The test app listening on a real socket in this process, on the engine the test run selects: the
// target (target.ts) of the raw-socket test files in this folder, which can also see inside the app.
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { issueApiKey } from '../../../src/auth/api-keys.js';
import { insertApiKey } from '../../../src/storage/repositories/api-key.repository.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { rawClient } from '../raw-http-client.js';
import type { Inside, MemoryGauge, Target } from './target.js';

export interface ListeningApp extends Target {
  built: TestApp;
  inside: Inside;
}

/** A full garbage collection, when V8 lets one be asked for (it does once --expose-gc is set). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  gc?.();
}

/** The app runs in this process: its heap is this process's. */
const heap: MemoryGauge = {
  what: 'heap',
  mb: () => process.memoryUsage().heapUsed / 1e6,
  collect: collectGarbage,
};

/**
 * Builds the test app (buildTestApp) and listens on 127.0.0.1 on a free port. `beforeListen` may set the
 * Node server's options that are read when it starts listening (connectionsCheckingInterval). The app is
 * closed after `t`, once its connections are gone or idle.
 */
export async function listeningApp(
  t: Pick<TestContext, 'after'>,
  beforeListen?: (server: Server) => void,
): Promise<ListeningApp> {
  const built = await buildTestApp(t);
  const server = built.app.server;
  beforeListen?.(server);
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const urls: string[] = [];
  server.on('request', (req: IncomingMessage) => urls.push(req.url ?? ''));
  const { port } = server.address() as AddressInfo;
  return {
    built,
    port,
    auth: { Authorization: `Bearer ${built.keys.valid}` },
    teamId: built.ids.teams.bayern,
    async connect(tc) {
      const client = await rawClient(port);
      tc.after(() => client.destroy());
      return client;
    },
    async anotherKey() {
      const issued = issueApiKey('development', 'another client', new Date());
      await insertApiKey(built.storage.db, issued.row);
      return { Authorization: `Bearer ${issued.key}` };
    },
    memory: heap,
    inside: {
      server,
      parsed: () => urls.length,
      urls,
      probeCache: () => built.cache.probe(),
    },
  };
}
