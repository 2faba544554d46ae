import type { IncomingMessage } from 'node:http';

/**
 * The two headers the fast path reads, from the request's raw header list: asking `req.headers` makes
 * Node build the whole headers object (every name lowercased), which costs more than the rest of a
 * cached read. The values are Node's: `authorization` is the first one sent (Node keeps the first of a
 * repeated Authorization), and a conditional request is one with any If-None-Match.
 */
export interface FastHeaders {
  authorization: string | undefined;
  conditional: boolean;
}

const AUTHORIZATION = 'authorization';
const IF_NONE_MATCH = 'if-none-match';

export function fastHeaders(req: IncomingMessage): FastHeaders {
  const raw = req.rawHeaders;
  let authorization: string | undefined;
  let conditional = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    // Both names are 13 characters long: only those are lowercased.
    if (name.length !== 13) continue;
    const lower = name.toLowerCase();
    if (lower === AUTHORIZATION) authorization ??= raw[i + 1];
    else if (lower === IF_NONE_MATCH) conditional = true;
  }
  return { authorization, conditional };
}
