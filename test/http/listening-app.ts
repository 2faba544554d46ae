// The test app listening on a real socket, for the raw-socket suites in this folder: requests are written
// as bytes (test/support/raw-http-client.ts) and the answers read as bytes.
import assert from 'node:assert/strict';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import { buildTestApp, type TestApp } from '../support/build-app.js';
import { rawClient, rawRequest, type RawAnswer, type RawClient } from '../support/raw-http-client.js';

export const API = '/api/v1';

export const request = rawRequest;

export const get = (url: string, headers: Record<string, string> = {}) => request('GET', url, headers);

export function header(answer: RawAnswer, name: string): string | undefined {
  return answer.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/**
 * Asserts that the next answer on `client` refuses the request with `status` (the status line Node's
 * server uses for the errors its parser finds, whoever writes the bytes), that the server then closes
 * the connection, and that nothing else was sent. Returns the answer.
 */
export async function assertRefused(client: RawClient, status: number, what = ''): Promise<RawAnswer> {
  const answer = await client.next({ timeoutMs: 3000 });
  assert.equal(answer.head.split('\r\n')[0], `HTTP/1.1 ${status} ${REASONS[status]}`, what);
  await client.closed(3000);
  assert.equal(client.unread(), '', `${what}: nothing after the refusal`);
  return answer;
}

/**
 * Reads every answer until the server closes the connection and asserts that the last one refuses
 * with `status` and none is a 5xx: for requests Node's parser rejects only after it handed the request
 * (or those before it) on, where the app's answers may or may not come before the refusal. Returns the
 * statuses, the refusal's last.
 */
export async function assertRefusedInTheEnd(client: RawClient, status: number, what = ''): Promise<number[]> {
  const statuses: number[] = [];
  for (;;) {
    let answer: RawAnswer;
    try {
      answer = await client.next({ timeoutMs: 3000 });
    } catch (error) {
      if (!client.isClosed) throw new Error(`${what}: ${(error as Error).message} after ${statuses.join()}`);
      break;
    }
    statuses.push(answer.status);
  }
  assert.equal(client.unread(), '', `${what}: nothing but whole answers`);
  assert.equal(statuses.at(-1), status, `${what}: ${statuses.join(', ')}`);
  assert.ok(
    statuses.every((s) => s < 500),
    `${what}: ${statuses.join(', ')}`,
  );
  return statuses;
}

export interface ListeningApp {
  built: TestApp;
  server: Server;
  port: number;
  /** `Authorization` header of the valid key, for `request`. */
  auth: { Authorization: string };
  /** 'request' events the server has emitted so far: requests Node's parser read and handed on. */
  parsed(): number;
  /** The URLs of those requests, in order. */
  urls: string[];
  /**
   * A raw client on the app's port, destroyed after `tc` (a subtest; the test given to listeningApp by
   * default). The app is closed after that test, once its connections are gone or idle.
   */
  connect(tc?: Pick<TestContext, 'after'>): Promise<RawClient>;
}

/**
 * Builds the test app (buildTestApp) and listens on 127.0.0.1 on a free port. `beforeListen` may set the
 * Node server's options that are read when it starts listening (connectionsCheckingInterval).
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
    server,
    port,
    auth: { Authorization: `Bearer ${built.keys.valid}` },
    parsed: () => urls.length,
    urls,
    async connect(tc = t) {
      const client = await rawClient(port);
      tc.after(() => client.destroy());
      return client;
    },
  };
}
