import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** What a browser script may read of an answer beyond the CORS-safelisted headers. */
const EXPOSED_HEADERS = [
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-quota-limit',
  'x-quota-remaining',
  'x-quota-reset',
  'retry-after',
  'etag',
];

/**
 * What the plugin adds to the answer of a request without Origin (it adds them to every answer): the read
 * fast path, which answers only such requests, adds the same, so that both paths answer alike and an HTTP
 * cache in front keeps answers apart by Origin where they differ by it. Flat name, value pairs, in the
 * plugin's order; the CORS test compares both paths' headers.
 */
export function corsCommonHeaders(origins: '*' | readonly string[] | null): readonly string[] {
  if (origins === null) return [];
  const exposed = ['access-control-expose-headers', EXPOSED_HEADERS.join(', ')];
  return origins === '*' ? ['access-control-allow-origin', '*', ...exposed] : ['vary', 'Origin', ...exposed];
}

/** How long a browser may reuse a preflight's answer (s). */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * Cross-origin requests from browsers (@fastify/cors), for `origins` ('*' or a list; null registers
 * nothing). Its hook comes before admission's, so a preflight (OPTIONS, which browsers send without the
 * Authorization header) is answered 204 without a key and counts against nothing. Requests carrying an
 * Origin are left to this path by the read fast path, so CORS headers come from this one place.
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
