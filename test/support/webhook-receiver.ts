// A webhook receiver on 127.0.0.1 for tests: records each request (headers and body as sent) and answers
// what `answer` says (204 by default), so tests can make it fail and recover.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The status it was answered with. */
  status: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** Connections made to it, answered or not. */
  connections: number;
  /** The status the next requests are answered with. */
  answer: (request: { body: string }) => number;
  /** How long it takes to answer each (ms): a slow receiver. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    port: 0,
    received: [],
    connections: 0,
    answer: () => 204,
    delayMs: 0,
    close: async () => undefined,
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const status = receiver.answer({ body });
        receiver.received.push({ headers: request.headers, body, status });
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status >= 400 ? `failing on purpose ${'x'.repeat(5000)}` : '');
      };
      if (receiver.delayMs > 0) setTimeout(reply, receiver.delayMs);
      else reply();
    });
  });
  server.on('connection', () => (receiver.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** The event a request carries, verified by the standardwebhooks library with `secret` (throws otherwise). */
export function verified(
  secret: string,
  received: Received,
): { type: string; data: Record<string, unknown> } & Record<string, unknown> {
  const headers: Record<string, string> = {};
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
    headers[name] = String(received.headers[name]);
  }
  return new Webhook(secret).verify(received.body, headers) as ReturnType<typeof verified>;
}
