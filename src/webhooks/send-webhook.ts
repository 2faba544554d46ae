import http from 'node:http';
import https from 'node:https';
import type { TargetPolicy } from './target-policy.js';
import type { SignedHeaders } from './signature.js';

/** How long a receiver has to accept the connection (TLS included), and to answer in full. */
export const CONNECT_TIMEOUT_MS = 5000;
export const TOTAL_TIMEOUT_MS = 10_000;
/** What is read of a receiver's answer, and what is kept of it: an excerpt, never the body. */
const READ_BYTES = 4096;
export const EXCERPT_CHARS = 256;

export interface Attempt {
  ok: boolean;
  /** The receiver's status, null when it gave none. */
  status: number | null;
  latencyMs: number;
  /** Why it failed, in a few words; null when delivered. */
  error: string | null;
  /** The start of the receiver's answer (printable characters). */
  excerpt: string | null;
}

export interface Delivery {
  url: string;
  headers: SignedHeaders;
  body: string;
}

/** Milliseconds on a monotonic clock, for latencies. */
export type Monotonic = () => number;

/**
 * One POST of a signed event to its receiver: connected to the address the policy checked (its lookup), no
 * redirect followed (a 3xx is a failure: the subscription's URL is what its owner gave), a connection given
 * CONNECT_TIMEOUT_MS and the whole exchange TOTAL_TIMEOUT_MS, the answer's first bytes read and the rest
 * dropped. Delivered when the receiver answers 2xx. Never throws.
 */
export function sendWebhook(
  policy: TargetPolicy,
  delivery: Delivery,
  clock: Monotonic = () => performance.now(),
  limits: { connectMs: number; totalMs: number } = {
    connectMs: CONNECT_TIMEOUT_MS,
    totalMs: TOTAL_TIMEOUT_MS,
  },
): Promise<Attempt> {
  const started = clock();
  const url = new URL(delivery.url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let done = false;
    const finish = (attempt: Omit<Attempt, 'latencyMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(total);
      request.destroy();
      resolve({ ...attempt, latencyMs: Math.max(0, Math.round(clock() - started)) });
    };
    const fail = (error: string, status: number | null = null, excerpt: string | null = null) =>
      finish({ ok: false, status, error, excerpt });
    const request = client.request(url, {
      method: 'POST',
      agent: false,
      lookup: policy.pinnedLookup(),
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(delivery.body),
        'user-agent': 'Touchline-Webhooks/1',
        ...delivery.headers,
      },
    });
    const total = setTimeout(() => fail(`no answer within ${limits.totalMs / 1000} s`), limits.totalMs);
    request.setTimeout(limits.connectMs);
    request.on('socket', (socket) => {
      const connected = () => request.setTimeout(0);
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', connected);
    });
    request.on('timeout', () => fail(`not connected within ${limits.connectMs / 1000} s`));
    request.on('error', (error: NodeJS.ErrnoException) => fail(describe(error)));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let read = 0;
      const status = response.statusCode ?? null;
      const settle = () => {
        const excerpt = excerptOf(Buffer.concat(chunks));
        if (status !== null && status >= 200 && status < 300) {
          finish({ ok: true, status, error: null, excerpt });
        } else if (status !== null && status >= 300 && status < 400) {
          fail(`redirect (${status}) not followed`, status, excerpt);
        } else fail(`the receiver answered ${status}`, status, excerpt);
      };
      response.on('data', (chunk: Buffer) => {
        if (read >= READ_BYTES) return;
        chunks.push(chunk.subarray(0, READ_BYTES - read));
        read += chunk.length;
        // Enough is read: the rest of the answer is not waited for.
        if (read >= READ_BYTES) settle();
      });
      response.on('end', settle);
      response.on('error', () => settle());
    });
    request.end(delivery.body);
  });
}

function describe(error: NodeJS.ErrnoException): string {
  if (error.code === 'WEBHOOK_BLOCKED_ADDRESS') return error.message;
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'the host cannot be resolved';
  if (error.code === 'ECONNREFUSED') return 'connection refused';
  if (error.code === 'ECONNRESET') return 'connection reset';
  if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT')) return `TLS: ${error.code}`;
  return error.code ? `connection failed (${error.code})` : 'connection failed';
}

/** The answer's first characters, printable ones only. */
function excerptOf(bytes: Buffer): string | null {
  if (bytes.length === 0) return null;
  // eslint-disable-next-line no-control-regex
  const text = bytes.toString('utf8').replace(/[\u0000-\u001f\u007f\ufffd]+/g, ' ');
  return text.slice(0, EXCERPT_CHARS);
}
