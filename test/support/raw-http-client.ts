// An HTTP/1.1 client on a bare TCP connection, for tests that must control the bytes sent (pipelining,
// split requests, malformed heads) and see the bytes answered (header order, Connection, Keep-Alive).
import net from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  /** Header lines in the order sent, names as sent. */
  headers: Array<[string, string]>;
  /** The body as text, decompressed when sent with a Content-Encoding (gzip or br). */
  body: string;
  /** The body's bytes as sent (Content-Length ones). */
  bytes: Buffer;
  /** The head as sent, status line and blank line included. */
  head: string;
}

/** A body as text, decoded by its Content-Encoding; decoding checks gzip's CRC-32 and length. */
function decoded(bytes: Buffer, coding: string | undefined): string {
  if (coding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (coding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

export interface RawClient {
  send(bytes: string | Buffer): void;
  /**
   * The next answer (its body read by Content-Length, or decoded if chunked); `noBody` for the answer
   * to a HEAD request. Rejects if the connection closes first.
   */
  next(options?: { noBody?: boolean; timeoutMs?: number }): Promise<RawAnswer>;
  /** Resolves once the server has closed the connection (with the ms it took from this call). */
  closed(timeoutMs?: number): Promise<number>;
  destroy(): void;
  /**
   * Sends `bytes` one byte at a time, `everyMs` apart, as a slow client does; stops early once the
   * connection has closed. Resolves with the number of bytes sent.
   */
  trickle(bytes: string | Buffer, everyMs: number): Promise<number>;
  /** Bytes received and not taken as an answer by `next` (latin1), e.g. anything after a closing answer. */
  unread(): string;
  /** Stops reading the connection (what the server sends stays in the kernel's buffers), as a client that never reads does. */
  pauseReading(): void;
  resumeReading(): void;
  /** True once the connection has closed. */
  readonly isClosed: boolean;
}

/** A chunked body starting at `from` (no trailers), decoded, and where it ends; undefined if not all there. */
function dechunk(buffer: Buffer, from: number): { body: string; end: number } | undefined {
  const parts: Buffer[] = [];
  let at = from;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (size === 0) {
      if (buffer.length < lineEnd + 4) return undefined;
      return { body: Buffer.concat(parts).toString('utf8'), end: lineEnd + 4 };
    }
    if (buffer.length < lineEnd + 2 + size + 2) return undefined;
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

export async function rawClient(port: number): Promise<RawClient> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffer = Buffer.alloc(0);
  let ended = false;
  let wake: () => void = () => undefined;
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    ended = true;
    wake();
  });
  const changed = (timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** One whole answer at the start of the buffer, taken off it. */
  const take = (noBody: boolean): RawAnswer | undefined => {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const head = buffer.toString('latin1', 0, end + 4);
    const [statusLine, ...lines] = head.slice(0, -4).split('\r\n');
    const headers = lines.map((line): [string, string] => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon), line.slice(colon + 1).trim()];
    });
    const valueOf = (wanted: string) => headers.find(([name]) => name.toLowerCase() === wanted)?.[1];
    if (!noBody && valueOf('transfer-encoding')?.toLowerCase() === 'chunked') {
      const chunked = dechunk(buffer, end + 4);
      if (!chunked) return undefined;
      buffer = buffer.subarray(chunked.end);
      const bytes = Buffer.from(chunked.body);
      return { status: Number(statusLine!.split(' ')[1]), headers, body: chunked.body, bytes, head };
    }
    const length = noBody ? 0 : Number(valueOf('content-length') ?? 0);
    if (buffer.length < end + 4 + length) return undefined;
    const bytes = Buffer.from(buffer.subarray(end + 4, end + 4 + length));
    const body = noBody ? '' : decoded(bytes, valueOf('content-encoding'));
    buffer = buffer.subarray(end + 4 + length);
    return { status: Number(statusLine!.split(' ')[1]), headers, body, bytes, head };
  };

  return {
    send: (bytes) => socket.write(bytes),
    async next({ noBody = false, timeoutMs = 5000 } = {}) {
      for (;;) {
        const answer = take(noBody);
        if (answer) return answer;
        if (ended) throw new Error(`connection closed; ${buffer.length} bytes unread`);
        await changed(timeoutMs, 'an answer');
      }
    },
    async closed(timeoutMs = 5000) {
      const started = Date.now();
      while (!ended) await changed(timeoutMs, 'the connection to close');
      return Date.now() - started;
    },
    destroy: () => socket.destroy(),
    async trickle(bytes, everyMs) {
      const all = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes;
      let sent = 0;
      while (sent < all.length && !ended && !socket.destroyed) {
        socket.write(all.subarray(sent, sent + 1));
        sent += 1;
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
      return sent;
    },
    unread: () => buffer.toString('latin1'),
    pauseReading: () => socket.pause(),
    resumeReading: () => socket.resume(),
    get isClosed() {
      return ended;
    },
  };
}

/** One HTTP/1.1 request as bytes: `headers` after Host, in order; `body` sent as is after the head. */
export function rawRequest(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body = '',
): string {
  let head = `${method} ${url} HTTP/1.1\r\nHost: test\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  return `${head}\r\n${body}`;
}
