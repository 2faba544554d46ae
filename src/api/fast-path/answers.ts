import type { ServerResponse } from 'node:http';
import type { Refusal } from '../../auth/admission.js';
import type { LimitDecision } from '../../limits/limit-store.js';
import type { CachedResponse } from '../../cache/response-cache.js';
import { bodyLength, JSON_TYPE, writeParts, type BodyParts } from '../cached-body.js';
import { compressEntry, type Coding } from '../compressed-body.js';
import { appendLimitHeaders, limitedError, refusalError } from '../errors/admission-errors.js';
import { errorEnvelope, type ApiError } from '../errors/catalogue.js';
import { newRequestId } from '../request-id.js';

/** A cached answer to compress, with the coding the request accepts. */
interface Compressible {
  entry: CachedResponse;
  coding: Coding;
}

/**
 * Writes an answer of the fast path through Node's response, with the headers in the order the full
 * path sends them: X-Request-Id, the headers every answer carries (`common`: CORS's, for requests
 * without Origin, and compression's Vary), the limit headers, then the answer's own (ETag,
 * WWW-Authenticate, Retry-After), Content-Type, Content-Encoding when compressed, and Content-Length.
 * Node adds Date, Connection and Keep-Alive, as it does for Fastify's answers.
 */
function write(
  res: ServerResponse,
  status: number,
  common: readonly string[],
  limits: LimitDecision | undefined,
  own: Readonly<Record<string, string>>,
  parts: BodyParts,
  compressible?: Compressible,
): Written {
  const requestId = newRequestId();
  const head = ['x-request-id', requestId, ...common];
  if (limits) appendLimitHeaders(head, limits);
  for (const name in own) head.push(name, own[name]!);
  head.push('content-type', JSON_TYPE);
  const compressed = compressible && compressEntry(compressible.entry, requestId, compressible.coding);
  const bytes = compressed ? compressed.bytes : bodyLength(parts, requestId);
  if (compressed) head.push('content-encoding', compressed.coding);
  head.push('content-length', String(bytes));
  res.writeHead(status, head);
  // Corked, the head and the body's parts leave in one system call, without copying the body.
  res.cork();
  if (compressed) for (const chunk of compressed.chunks) res.write(chunk);
  else writeParts(res, parts, requestId);
  res.end();
  res.uncork();
  return { requestId, bytes };
}

/** What an answer's writing decided, for the access log. */
export interface Written {
  requestId: string;
  bytes: number;
}

function errorParts(error: ApiError): BodyParts {
  const before = Buffer.from(JSON.stringify(errorEnvelope(error)));
  return { before, after: null, bytes: before.length };
}

const refusals = new Map<Refusal, { error: ApiError; parts: BodyParts }>();

/** The refusal of a request for its key: the same bytes for every request, so built once per reason. */
function refusalOf(refusal: Refusal): { error: ApiError; parts: BodyParts } {
  let built = refusals.get(refusal);
  if (!built) {
    const error = refusalError(refusal);
    refusals.set(refusal, (built = { error, parts: errorParts(error) }));
  }
  return built;
}

export interface AnswerWriter {
  /**
   * A 200 counted against its key: `parts` as they are, or `entry` compressed with `coding` (null: as
   * it is) when it is large enough.
   */
  ok(
    res: ServerResponse,
    decision: LimitDecision,
    etag: string,
    parts: BodyParts,
    entry: CachedResponse,
    coding: Coding | null,
  ): Written;
  /** The refusal of a request for its key. */
  refusal(res: ServerResponse, refusal: Refusal): Written;
  /** The 429 of a request a limit refused. */
  limited(res: ServerResponse, decision: LimitDecision): Written;
}

/** The fast path's answers, each with the `common` headers (flat name, value pairs) after X-Request-Id. */
export function answerWriter(common: readonly string[] = []): AnswerWriter {
  return {
    ok: (res, decision, etag, parts, entry, coding) =>
      write(res, 200, common, decision, { etag }, parts, coding ? { entry, coding } : undefined),
    refusal: (res, refusal) => {
      const { error, parts } = refusalOf(refusal);
      return write(res, error.statusCode, common, undefined, error.headers, parts);
    },
    limited: (res, decision) => {
      const error = limitedError(decision);
      return write(res, error.statusCode, common, decision, error.headers, errorParts(error));
    },
  };
}
