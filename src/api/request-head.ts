/** The parts of a request the read fast path answers from, read off the bytes of its head. */
export interface RequestHead {
  /** The request target exactly as sent, as Node gives it in `req.url`. */
  url: string;
  /** The Authorization value with its surrounding blanks trimmed, as Node gives it; undefined if absent. */
  authorization: string | undefined;
  /** Where the head's blank line ends: a request read here has no body, so the next one starts there. */
  end: number;
}

/** Heads longer than this (Node allows 16 KB) or with more header lines are left to Node. */
const MAX_HEAD_BYTES = 8192;
const MAX_HEADER_LINES = 64;

const CR = 0x0d;
const LF = 0x0a;
const SP = 0x20;
const TAB = 0x09;
const COLON = 0x3a;

/** RFC 9110 token characters, which header names are made of. */
const TOKEN = new Uint8Array(256);
for (const c of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") {
  TOKEN[c.charCodeAt(0)] = 1;
}

const VERSION = ' HTTP/1.1\r\n';

/** True when the header name at `buf[start, end)` is `lower` in any case (`lower`: lowercase letters and '-'). */
function nameIs(buf: Buffer, start: number, end: number, lower: string): boolean {
  if (end - start !== lower.length) return false;
  // A token character ORed with 0x20 is a lowercase letter or '-' only when it was that letter or '-'.
  for (let i = 0; i < lower.length; i += 1)
    if ((buf[start + i]! | 0x20) !== lower.charCodeAt(i)) return false;
  return true;
}

/** Headers that change how Node frames or answers a request: a request with one is left to Node. */
const LEFT_TO_NODE = ['content-length', 'transfer-encoding', 'upgrade', 'expect', 'if-none-match'];

function leftToNode(buf: Buffer, start: number, end: number): boolean {
  for (const name of LEFT_TO_NODE) if (nameIs(buf, start, end, name)) return true;
  return false;
}

/**
 * Reads the head of one request starting at `from`, only when it is beyond doubt what Node's parser
 * would read and the request is one the fast path may answer: `GET` of an origin-form target of
 * visible ASCII, `HTTP/1.1`, exactly one Host, at most one Authorization, no body (no Content-Length or
 * Transfer-Encoding), no Upgrade, Expect or If-None-Match, a Connection header (if any) of `keep-alive`,
 * CRLF line ends, names of token characters and values of visible ASCII, spaces and tabs, the whole head
 * in `buf`. Anything else, including a head cut off by the end of `buf`, returns undefined: Node reads it.
 */
export function readRequestHead(buf: Buffer, from: number): RequestHead | undefined {
  const limit = Math.min(buf.length, from + MAX_HEAD_BYTES);
  // "GET /"
  if (
    from + 5 > limit ||
    buf[from] !== 0x47 ||
    buf[from + 1] !== 0x45 ||
    buf[from + 2] !== 0x54 ||
    buf[from + 3] !== SP ||
    buf[from + 4] !== 0x2f
  ) {
    return undefined;
  }
  let i = from + 5;
  while (i < limit && buf[i]! > SP && buf[i]! < 0x7f) i += 1;
  const url = buf.toString('latin1', from + 4, i);
  if (i + VERSION.length > limit || buf.toString('latin1', i, i + VERSION.length) !== VERSION)
    return undefined;
  i += VERSION.length;

  let hosts = 0;
  let lines = 0;
  let authorization: string | undefined;
  while (i + 1 < limit && buf[i] !== CR) {
    if (++lines > MAX_HEADER_LINES) return undefined;
    const nameStart = i;
    while (i < limit && TOKEN[buf[i]!] === 1) i += 1;
    const nameEnd = i;
    if (nameEnd === nameStart || i >= limit || buf[i] !== COLON) return undefined;
    i += 1;
    while (i < limit && (buf[i] === SP || buf[i] === TAB)) i += 1;
    const valueStart = i;
    let valueEnd = i;
    for (; i < limit; i += 1) {
      const c = buf[i]!;
      if (c === CR) break;
      if (c === SP || c === TAB) continue;
      if (c < SP || c > 0x7e) return undefined;
      valueEnd = i + 1;
    }
    if (i + 1 >= limit || buf[i + 1] !== LF) return undefined;
    i += 2;

    if (nameIs(buf, nameStart, nameEnd, 'host')) hosts += 1;
    else if (nameIs(buf, nameStart, nameEnd, 'authorization')) {
      if (authorization !== undefined) return undefined;
      authorization = buf.toString('latin1', valueStart, valueEnd);
    } else if (nameIs(buf, nameStart, nameEnd, 'connection')) {
      if (buf.toString('latin1', valueStart, valueEnd).toLowerCase() !== 'keep-alive') return undefined;
    } else if (leftToNode(buf, nameStart, nameEnd)) return undefined;
  }
  if (i + 1 >= limit || buf[i] !== CR || buf[i + 1] !== LF || hosts !== 1) return undefined;
  return { url, authorization, end: i + 2 };
}
