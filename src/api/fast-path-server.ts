import http from 'node:http';
import { answerConnectionsFirst } from './fast-connections.js';
import { writeToResponse } from './fast-answer-writers.js';
import type { FastPath } from './read-fast-path.js';

/**
 * Fastify's own HTTP/1 server, with the read fast path in front of its handler twice over: on each new
 * connection, before Node parses it (fast-connections.ts), and, for the requests of connections handed to
 * Node, before Fastify routes them. Fastify does not configure a server it is given, so the timeouts it
 * would set are set here.
 */
export function serverWithFastPath(fast: FastPath | undefined) {
  return (handler: http.RequestListener, options: Record<string, unknown>): http.Server => {
    const server = http.createServer(
      fast
        ? (req, res) => {
            const answer =
              req.method === 'GET' && req.headers['if-none-match'] === undefined
                ? fast(req.url ?? '', req.headers.authorization)
                : undefined;
            if (answer) writeToResponse(res, answer);
            else handler(req, res);
          }
        : handler,
    );
    server.keepAliveTimeout = Number(options.keepAliveTimeout);
    server.requestTimeout = Number(options.requestTimeout);
    server.setTimeout(Number(options.connectionTimeout));
    if (fast) answerConnectionsFirst(server, fast);
    return server;
  };
}
