import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** What a browser script may read of an answer beyond the CORS-safelisted headers. */
const EXPOSED_HEADERS = [
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-quota-limit',
  'x-quota-remaining',
  'x-quota-reset',
  'retry-after',
  'etag',
  'link',
];

/** How long a browser may reuse a preflight's answer (s). */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * Cross-origin requests from browsers (@fastify/cors), for `origins` ('*' or a list; null registers
 * nothing). Its hook comes before admission's, so a preflight (OPTIONS, which browsers send without the
 * Authorization header) is answered 204 without a key and counts against nothing.
 */
export async function registerCors(
  app: FastifyInstance,
  origins: '*' | readonly string[] | null,
): Promise<void> {
  if (origins === null) return;
  await app.register(cors, {
    origin: origins === '*' ? '*' : [...origins],
    // POST for stream tokens, Last-Event-ID for streams resumed by a script (docs/live-stream.md).
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowedHeaders: ['authorization', 'if-none-match', 'last-event-id'],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_S,
    // An OPTIONS without Origin is answered like a preflight (204 and the allowed methods) rather than
    // with the plugin's plain-text 400.
    strictPreflight: false,
  });
}
