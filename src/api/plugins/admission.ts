import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Admission, Verdict } from '../../auth/admission.js';
import type { ApiKeyRow } from '../../storage/repositories/api-key.repository.js';
import { limitedError, limitHeaders, refusalError } from '../errors/admission-errors.js';
import { sendError } from './errors.js';

/**
 * Writes a verdict on the reply: the limit headers of an authenticated answer, or the refusal. Returns
 * whether the request may go on to its route.
 */
function apply(request: FastifyRequest, reply: FastifyReply, verdict: Verdict): boolean {
  if (verdict.kind === 'refused') {
    sendError(reply, refusalError(verdict.refusal));
    return false;
  }
  reply.headers(limitHeaders(verdict.decision));
  if (verdict.kind === 'limited') {
    sendError(reply, limitedError(verdict.decision));
    return false;
  }
  request.apiKey = verdict.key;
  return true;
}

/**
 * Every route except those marked `public` admits its requests through `admission` before validation:
 * a missing, unknown, revoked or expired key, or one of the other environment, answers 401 with
 * WWW-Authenticate; an inactive subscription or a plan no longer offered 403; a used-up limit 429 with
 * Retry-After. Every authenticated answer carries the limit headers. Refused requests count nothing.
 */
export function registerAdmission(app: FastifyInstance, admission: Admission): void {
  app.decorateRequest('apiKey', null);
  // A callback hook: most requests are decided without waiting, and then cost no promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.public || request.routeOptions.url === undefined) return done();
    const now = Date.now();
    const verdict = admission.admitNow(request.headers.authorization, now);
    if (verdict) {
      if (apply(request, reply, verdict)) done();
      return;
    }
    admission.admit(request.headers.authorization, now).then((later) => {
      if (apply(request, reply, later)) done();
    }, done);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key that authenticated this request; null on public routes and before authentication. */
    apiKey: ApiKeyRow | null;
  }
}
