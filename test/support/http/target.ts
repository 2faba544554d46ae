// What the raw-socket scenarios (test/support/http/scenarios) run against, and what they assert with: a server on
// a port of 127.0.0.1, whether the test app listening in this process (listening-app.ts) or a real
// `touchline serve` in processes of its own (real-server.ts). Requests are written as bytes
// (test/support/raw-http-client.ts) and the answers read as bytes; what only an app in this process can
// show (the requests Node's parser handed on, its server's settings) is asserted where it runs here.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { TestContext } from 'node:test';
import { rawRequest, type RawAnswer, type RawClient } from '../raw-http-client.js';

export const API = '/api/v1';

export const request = rawRequest;

export const get = (url: string, headers: Record<string, string> = {}) => request('GET', url, headers);

export function header(answer: RawAnswer, name: string): string | undefined {
  return answer.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
}

export type Auth = { Authorization: string };

export interface Target {
  port: number;
  /** `Authorization` header of a valid key, for `request`. */
  auth: Auth;
  /** The id of a team the target's database holds. */
  teamId: string;
  /** A raw client on the target's port, destroyed after `tc`. */
  connect(tc: Pick<TestContext, 'after'>): Promise<RawClient>;
  /**
   * Another valid key, for a client whose requests must not count against `auth`'s limits; it may take
   * the target a moment (its key poll) to know it.
   */
  anotherKey(): Promise<Auth>;
  /** The memory the server uses, where it can be measured. */
  memory?: MemoryGauge;
  /** What only the app in this process shows; absent for a server in other processes. */
  inside?: Inside;
}

export interface MemoryGauge {
  /** What is measured, for messages: the heap of this process, or the resident memory of the server's. */
  what: string;
  /** The memory in use now, in MB. */
  mb(): number;
  /** Collects garbage, so that `mb` counts what is held: only in this process. */
  collect?(): void;
}

export interface Inside {
  server: Server;
  /** 'request' events the server has emitted so far: requests Node's parser read and handed on. */
  parsed(): number;
  /** The URLs of those requests, in order. */
  urls: string[];
  /** A round trip through the app's response cache, as /health makes. */
  probeCache(): Promise<boolean>;
}

/**
 * From now on, the requests Node's parser hands on to the app: checked where the app runs in this
 * process; elsewhere only the answers on the wire tell, and these checks do nothing.
 */
export function handedOn(target: Target) {
  const before = target.inside?.parsed() ?? 0;
  return {
    count(expected: number, message?: string): void {
      if (target.inside) assert.equal(target.inside.parsed() - before, expected, message);
    },
    urls(check: (urls: string[]) => void): void {
      if (target.inside) check(target.inside.urls.slice(before));
    },
  };
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
 * statuses, the refusal's last. `timeoutMs` bounds the wait for each answer.
 */
export async function assertRefusedInTheEnd(
  client: RawClient,
  status: number,
  what = '',
  timeoutMs = 3000,
): Promise<number[]> {
  const statuses: number[] = [];
  for (;;) {
    let answer: RawAnswer;
    try {
      answer = await client.next({ timeoutMs });
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
