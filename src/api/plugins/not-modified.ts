import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatasetGeneration } from '../../cache/dataset-generation.js';
import { requestAddress } from '../answer-address.js';

/** If-None-Match holds `*` or a list of entity tags; weak comparison, as RFC 9110 asks for GET. */
function matchesEtag(header: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === bare);
}

/** Whether a request is to be answered 304: set by admission, obeyed by the response cache. */
export type NotModifiedJudge = (request: FastifyRequest) => boolean;

/**
 * Decides, when admission counts a GET of a cached route, whether its If-None-Match names the answer's
 * ETag, so that a 304 can be counted as one (the minute window, not the quota) before anything else is
 * done: the decision is taken once, here, and the response cache answers 304 exactly when it was taken
 * and the answer is a 200. The ETag is known before the answer is: it is made from the dataset generation
 * and the validated request (requestAddress), so a request that will fail validation is no 304. The tag
 * judged is the one the 304 carries: a generation that changes meanwhile cannot make a 304 name a body
 * the client does not hold.
 */
export function judgeConditionalGets(app: FastifyInstance, generation: DatasetGeneration): NotModifiedJudge {
  app.decorateRequest('notModified', null);
  return (request) => {
    const header = request.headers['if-none-match'];
    if (!header) return false;
    const address = requestAddress(request, generation);
    if (!address || !matchesEtag(header, address.etag)) return false;
    request.notModified = address.etag;
    return true;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The ETag a 304 answers this request with, decided at admission; null for no 304. */
    notModified: string | null;
  }
}
