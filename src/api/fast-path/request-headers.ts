import type { IncomingMessage } from 'node:http';

/**
 * The headers the fast path reads, from the request's raw header list: asking `req.headers` makes
 * Node build the whole headers object (every name lowercased), which costs more than the rest of a
 * cached read. The values are Node's: `authorization` is the first one sent (Node keeps the first of a
 * repeated Authorization), a conditional request is one with any If-None-Match, and a cross-origin one
 * any Origin (its CORS headers are the full path's: plugins/cors.ts).
 */
export interface FastHeaders {
  authorization: string | undefined;
  conditional: boolean;
  crossOrigin: boolean;
  /** Accept-Encoding, repeated ones joined as Node joins them. */
  acceptEncoding: string | undefined;
}

const AUTHORIZATION = 'authorization';
const IF_NONE_MATCH = 'if-none-match';
const ORIGIN = 'origin';
const ACCEPT_ENCODING = 'accept-encoding';

export function fastHeaders(req: IncomingMessage): FastHeaders {
  const raw = req.rawHeaders;
  let authorization: string | undefined;
  let conditional = false;
  let crossOrigin = false;
  let acceptEncoding: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    // Only names of those lengths are lowercased (Authorization and If-None-Match are both 13 long).
    if (name.length === 13) {
      const lower = name.toLowerCase();
      if (lower === AUTHORIZATION) authorization ??= raw[i + 1];
      else if (lower === IF_NONE_MATCH) conditional = true;
    } else if (name.length === 6 && name.toLowerCase() === ORIGIN) crossOrigin = true;
    else if (name.length === 15 && name.toLowerCase() === ACCEPT_ENCODING) {
      acceptEncoding = acceptEncoding === undefined ? raw[i + 1] : `${acceptEncoding}, ${raw[i + 1]}`;
    }
  }
  return { authorization, conditional, crossOrigin, acceptEncoding };
}
