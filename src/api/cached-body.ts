import { bodyBytes, type CachedResponse, type ResponseCache } from '../cache/response-cache.js';

/**
 * Answers are serialized once and kept as text around their request ID, which each request fills in:
 * this module is the one place that knows how. A body is `before`, then the request ID as a JSON string,
 * then `after`; `after` is null for a body without a request ID.
 */

/** Stands in for the request ID while a body is serialized, so the cached text can take any request's ID. */
export const REQUEST_ID_PLACEHOLDER = '__touchline_request_id__';
const QUOTED_PLACEHOLDER = JSON.stringify(REQUEST_ID_PLACEHOLDER);
export const JSON_TYPE = 'application/json; charset=utf-8';

/** A 200 body serialized with the placeholder request ID, split around it, with its ETag. */
export function cacheEntry(body: string, etag: string): CachedResponse {
  // Meta comes after data: searched from the end, the placeholder is found at once, not in a data value.
  const at = body.lastIndexOf(QUOTED_PLACEHOLDER);
  const before = at < 0 ? body : body.slice(0, at);
  const after = at < 0 ? null : body.slice(at + QUOTED_PLACEHOLDER.length);
  return { before, after, etag };
}

/**
 * The body with `requestId` in place: text for an entry of text, bytes for one held as bytes (whose
 * text is not kept anywhere, see MemoryResponseCache).
 */
export function render(entry: CachedResponse, requestId: string): string | Buffer {
  const { before, after } = entry;
  if (after === null) return before;
  if (typeof before === 'string' && typeof after === 'string')
    return before + JSON.stringify(requestId) + after;
  return Buffer.concat([bodyBytes(before), Buffer.from(`"${requestId}"`, 'latin1'), bodyBytes(after)]);
}

/** A body's parts ready to write; request IDs are plain ASCII, so JSON quoting is adding quotes. */
export interface BodyParts {
  before: Buffer | string;
  after: Buffer | string | null;
  /** Bytes of `before` and `after`. */
  bytes: number;
}

const encoded = new WeakMap<CachedResponse, BodyParts>();

/**
 * A cached body as bytes, encoded once for all the requests it answers (held as bytes already by an
 * in-process cache). A body that answers one request only is better left as text (see `textParts`).
 */
export function encodedParts(entry: CachedResponse): BodyParts {
  const { before, after } = entry;
  if (typeof before !== 'string' && typeof after !== 'string') {
    return { before, after, bytes: before.length + (after?.length ?? 0) };
  }
  let parts = encoded.get(entry);
  if (!parts) {
    const before = bodyBytes(entry.before);
    const after = entry.after === null ? null : bodyBytes(entry.after);
    parts = { before, after, bytes: before.length + (after?.length ?? 0) };
    encoded.set(entry, parts);
  }
  return parts;
}

/**
 * A body just read, as text: encoding it first would allocate its bytes outside V8's heap, which the
 * garbage collector pays for, for one write.
 */
export function textParts(entry: CachedResponse): BodyParts {
  const { before, after } = entry;
  return {
    before,
    after,
    bytes: Buffer.byteLength(before) + (after === null ? 0 : Buffer.byteLength(after)),
  };
}

/**
 * The parts in memory of their own: for a write that may wait (behind an earlier answer on the same
 * connection) when they borrow a cache's memory, which the cache reuses (MemoryResponseCache.peek).
 */
export function ownParts(parts: BodyParts): BodyParts {
  const copy = (part: Buffer | string) => (typeof part === 'string' ? part : Buffer.from(part));
  return {
    before: copy(parts.before),
    after: parts.after === null ? null : copy(parts.after),
    bytes: parts.bytes,
  };
}

/**
 * Keeps a held answer's bytes (the cache's own: ResponseCache.peek) from being reused until `res` closes,
 * once its socket has sent them or is gone: for an answer handed to a socket that may not take it at once.
 */
export function holdUntilClosed(
  cache: ResponseCache,
  entry: CachedResponse,
  res: { once(event: 'close', listener: () => void): unknown },
): void {
  const release = cache.pin?.(entry);
  if (release) res.once('close', release);
}

/** The body's length with `requestId` in place. */
export function bodyLength(parts: BodyParts, requestId: string): number {
  return parts.after === null ? parts.bytes : parts.bytes + requestId.length + 2;
}

/** Writes the body's parts with `requestId` in place; the caller corks around it. */
export function writeParts(
  out: { write(chunk: Buffer | string, encoding?: BufferEncoding): unknown },
  parts: BodyParts,
  requestId: string,
): void {
  out.write(parts.before);
  if (parts.after === null) return;
  out.write(`"${requestId}"`, 'latin1');
  out.write(parts.after);
}
