import { createHmac } from 'node:crypto';
import { secretKey } from './webhook-secret.js';

/** The headers of one signed delivery, Standard Webhooks' (https://www.standardwebhooks.com). */
export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret's key. */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The headers for `body` sent as message `id` at `at`: signed by each secret given (the current one, and the
 * previous one for a while after a rotation), space-separated as the specification lets a sender do, so that
 * a receiver holding either verifies it.
 */
export function signedHeaders(secrets: readonly string[], id: string, at: Date, body: string): SignedHeaders {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signature(secret, id, timestamp, body)).join(' '),
  };
}
