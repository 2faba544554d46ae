import type { ServerResponse } from 'node:http';
import type { Refusal } from '../../auth/admission.js';
import type { LimitDecision } from '../../limits/limit-store.js';
import { bodyLength, JSON_TYPE, writeParts, type BodyParts } from '../cached-body.js';
import { appendLimitHeaders, limitedError, refusalError } from '../errors/admission-errors.js';
import { errorEnvelope, type ApiError } from '../errors/catalogue.js';
import { newRequestId } from '../request-id.js';

/**
 * Writes an answer of the fast path through Node's response, with the headers in the order the full
 * path sends them: X-Request-Id, the limit headers, then the answer's own (ETag, WWW-Authenticate,
 * Retry-After), Content-Type and Content-Length. Node adds Date, Connection and Keep-Alive, as it does
 * for Fastify's answers.
 */
function write(
  res: ServerResponse,
  status: number,
  limits: LimitDecision | undefined,
  own: Readonly<Record<string, string>>,
  parts: BodyParts,
): void {
  const requestId = newRequestId();
  const head = ['x-request-id', requestId];
  if (limits) appendLimitHeaders(head, limits);
  for (const name in own) head.push(name, own[name]!);
  head.push('content-type', JSON_TYPE, 'content-length', String(bodyLength(parts, requestId)));
  res.writeHead(status, head);
  // Corked, the head and the body's parts leave in one system call, without copying the body.
  res.cork();
  writeParts(res, parts, requestId);
  res.end();
  res.uncork();
}

function errorParts(error: ApiError): BodyParts {
  const before = Buffer.from(JSON.stringify(errorEnvelope(error)));
  return { before, after: null, bytes: before.length };
}

/** A 200 counted against its key. */
export function writeOk(res: ServerResponse, decision: LimitDecision, etag: string, parts: BodyParts): void {
  write(res, 200, decision, { etag }, parts);
}

const refusals = new Map<Refusal, { error: ApiError; parts: BodyParts }>();

/** The refusal of a request for its key: the same bytes for every request, so built once per reason. */
export function writeRefusal(res: ServerResponse, refusal: Refusal): void {
  let built = refusals.get(refusal);
  if (!built) {
    const error = refusalError(refusal);
    refusals.set(refusal, (built = { error, parts: errorParts(error) }));
  }
  write(res, built.error.statusCode, undefined, built.error.headers, built.parts);
}

/** The 429 of a request a limit refused. */
export function writeLimited(res: ServerResponse, decision: LimitDecision): void {
  const error = limitedError(decision);
  write(res, error.statusCode, decision, error.headers, errorParts(error));
}
