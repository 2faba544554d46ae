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
