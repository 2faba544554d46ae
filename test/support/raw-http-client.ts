// An HTTP/1.1 client on a bare TCP connection, for tests that must control the bytes sent (pipelining,
// split requests, malformed heads) and see the bytes answered (header order, Connection, Keep-Alive).
import net from 'node:net';

export interface RawAnswer {
  status: number;
  /** Header lines in the order sent, names as sent. */
  headers: Array<[string, string]>;
  body: string;
  /** The head as sent, status line and blank line included. */
  head: string;
}

export interface RawClient {
  send(bytes: string | Buffer): void;
  /** The next answer; `noBody` for the answer to a HEAD request. Rejects if the connection closes first. */
  next(options?: { noBody?: boolean; timeoutMs?: number }): Promise<RawAnswer>;
  /** Resolves once the server has closed the connection (with the ms it took from this call). */
  closed(timeoutMs?: number): Promise<number>;
  destroy(): void;
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
    const length = noBody
      ? 0
      : Number(headers.find(([name]) => name.toLowerCase() === 'content-length')?.[1] ?? 0);
    if (buffer.length < end + 4 + length) return undefined;
    const body = buffer.toString('utf8', end + 4, end + 4 + length);
    buffer = buffer.subarray(end + 4 + length);
    return { status: Number(statusLine!.split(' ')[1]), headers, body, head };
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
  };
}
