import http from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { FastPath } from '../fast-path/fast-path.js';
import { boundedRequests } from './bounded-connections.js';

export interface ServerState {
  /** The read fast path, in front of Fastify's handler; none where nothing can be answered without waiting. */
  fast: FastPath | undefined;
  /** True once the server drains: every answer from then on closes its connection. */
  draining(): boolean;
  /** Requests answered by each path, counted here and in the app's first hook. */
  answered: AnsweredBy;
}

export interface AnsweredBy {
  fastPath: number;
  fastify: number;
}

/**
 * Fastify's `serverFactory`: the HTTP/1 server Fastify would make (Node's parser for every request,
 * Fastify's `http` options, its timeouts, set as Fastify sets them, since it does not configure a server
 * it is given), with one request listener in front of Fastify's handler, for what concerns every answer
 * whichever path gives it: the read fast path, and `Connection: close` while draining; and the bound on
 * the requests of one connection in progress at once (bounded-connections.ts).
 */
export function serverFactory(state: ServerState) {
  return (handler: http.RequestListener, options: FastifyServerOptions): http.Server => {
    const { fast } = state;
    const listener: http.RequestListener = (req, res) => {
      if (state.draining()) res.setHeader('connection', 'close');
      // A request the fast path took but hands back once its read settles is Fastify's after all.
      const fallback = () => {
        state.answered.fastPath -= 1;
        handler(req, res);
      };
      if (fast?.(req, res, fallback)) state.answered.fastPath += 1;
      else handler(req, res);
    };
    const { http: httpOptions } = options as { http?: http.ServerOptions | null };
    const server = http.createServer(httpOptions ?? {}, boundedRequests(listener));
    server.keepAliveTimeout = Number(options.keepAliveTimeout);
    server.requestTimeout = Number(options.requestTimeout);
    server.setTimeout(Number(options.connectionTimeout));
    if (Number(options.maxRequestsPerSocket) > 0)
      server.maxRequestsPerSocket = Number(options.maxRequestsPerSocket);
    return server;
  };
}
