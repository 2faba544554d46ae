import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Admission, Charge, Counted, Identified, Refused, Verdict } from '../../auth/admission.js';
import type { ApiKeyRow } from '../../storage/repositories/api-key.repository.js';
import { limitedError, limitHeaders, refusalError } from '../errors/admission-errors.js';
import { sendError } from './errors.js';
import { isPromise } from '../../storage/maybe.js';
import type { NotModifiedJudge } from './not-modified.js';

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
  // Known from here on, for the access log too, a 429 included.
  request.apiKey = verdict.key;
  if (verdict.kind === 'limited') {
    sendError(reply, limitedError(verdict.decision));
    return false;
  }
  request.admitted = verdict;
  return true;
}

/**
 * Every route except those marked `public` admits its requests through `admission` before validation:
 * a missing, unknown, revoked or expired key, or one of the other environment, answers 401 with
 * WWW-Authenticate; an inactive subscription or a plan no longer offered 403; a used-up limit 429 with
 * Retry-After. Every authenticated answer carries the limit headers. Refused requests count nothing.
 *
 * What an admitted request is counted against is known before it is counted: the minute window only for
 * a route marked `windowOnly` and for a request that `notModified` judges will be answered 304 (it
 * decides that once, for the response cache to obey), the window and the quota for any other.
 */
export function registerAdmission(
  app: FastifyInstance,
  admission: Admission,
  notModified: NotModifiedJudge,
): void {
  app.decorateRequest('apiKey', null);
  app.decorateRequest('admitted', null);
  const chargeOf = (request: FastifyRequest): Charge =>
    request.routeOptions.config.windowOnly || notModified(request) ? 'window' : 'request';
  // A callback hook: most requests are decided without waiting, and then cost no promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.public || request.routeOptions.url === undefined) return done();
    const now = Date.now();
    const { authorization } = request.headers;
    // Identified first: a refused key is the answer whatever else the request holds.
    const count = (who: Identified | Refused): void => {
      if (who.kind === 'refused') return void apply(request, reply, who);
      const charge = chargeOf(request);
      const verdict = admission.count(who, now, charge);
      if (!isPromise(verdict)) {
        if (apply(request, reply, verdict)) done();
        return;
      }
      verdict.then((later) => {
        if (apply(request, reply, later)) done();
      }, done);
    };
    // A route may take a credential of its own where no key is sent (a stream token): identified by it,
    // then counted like any request.
    const other =
      authorization === undefined ? request.routeOptions.config.identify?.(request, now) : undefined;
    if (other) return void other.then(count).catch(done);
    const who = admission.identify(authorization, now);
    if (isPromise(who)) who.then(count).catch(done);
    else count(who);
  });
}

/**
 * A route's own way to identify a request that sends no Authorization header: undefined leaves it to the
 * key (a 401 `missing`); a rejection with an ApiError is the answer.
 */
export type RouteIdentity = (
  request: FastifyRequest,
  now: number,
) => Promise<Identified | Refused> | undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Identifies requests without an Authorization header by another credential (see RouteIdentity). */
    identify?: RouteIdentity;
  }
  interface FastifyRequest {
    /** The key that authenticated this request; null on public routes and before authentication. */
    apiKey: ApiKeyRow | null;
    /** How it was admitted: its key, plan, billing period and limit decision (what its headers say). */
    admitted: Counted | null;
  }
}
