import type { FastifyInstance, FastifyReply } from 'fastify';
import { compressEntry, compressText } from '../compressed-body.js';
import { acceptedCoding } from '../http/accept-encoding.js';

const VARY = 'Accept-Encoding';

/** `vary` with Accept-Encoding added to what it already names (CORS's Origin, for one). */
function varyWithCoding(existing: string | undefined): string {
  return existing ? `${existing}, ${VARY}` : VARY;
}

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

/**
 * Every answer says `Vary: Accept-Encoding`, small ones and refusals included, so that an HTTP cache in
 * front keeps the forms apart. Registered right after CORS, so that it adds to CORS's Vary: Origin.
 */
export function registerCodingVary(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('vary', varyWithCoding(reply.getHeader('vary') as string | undefined));
    done();
  });
}

/**
 * Compresses the full path's JSON answers by Accept-Encoding (compressed-body.ts), after the response
 * cache has rendered them: an answer of the cache (`request.cachedEntry`) is spliced from its kept gzip
 * form, anything else compressed whole. Registered after the response cache,
 * whose onSend renders the cached answers. The ETag is the same weak one for every form (RFC 9110 8.8.1
 * lets weak tags stand for equivalent representations).
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      reply.statusCode === 304 ||
      reply.getHeader('content-encoding') !== undefined ||
      !(typeof payload === 'string' || Buffer.isBuffer(payload)) ||
      !isJson(reply)
    ) {
      return done(null, payload);
    }
    const coding = acceptedCoding(request.headers['accept-encoding']);
    if (!coding) return done(null, payload);
    const { cachedEntry } = request;
    const compressed = cachedEntry
      ? compressEntry(cachedEntry, request.id, coding)
      : compressText(payload, coding);
    if (!compressed) return done(null, payload);
    reply.header('content-encoding', compressed.coding);
    done(null, compressed.chunks.length === 1 ? compressed.chunks[0] : Buffer.concat(compressed.chunks));
  });
}
