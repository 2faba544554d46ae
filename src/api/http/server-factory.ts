import http from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { boundedRequests } from './bounded-connections.js';

export interface ServerState {
  /** True once the server drains: every answer from then on closes its connection. */
  draining(): boolean;
}

/**
 * Fastify's `serverFactory`: the HTTP/1 server Fastify would make (Node's parser for every request,
 * Fastify's `http` options, its timeouts, set as Fastify sets them, since it does not configure a server
 * it is given), with `Connection: close` on every answer while draining, and the bound on the requests of
 * one connection in progress at once (bounded-connections.ts).
 */
export function serverFactory(state: ServerState) {
  return (handler: http.RequestListener, options: FastifyServerOptions): http.Server => {
    const listener: http.RequestListener = (req, res) => {
      if (state.draining()) res.setHeader('connection', 'close');
      handler(req, res);
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
