import { randomBytes } from 'node:crypto';
import { randomToken } from '../auth/api-keys.js';

/**
 * Signing secrets as the Standard Webhooks specification writes them: `whsec_` and the base64 of the key's
 * bytes (24 random bytes, 192 bits: the specification asks for 24 to 64), which its libraries decode.
 */
export const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 24;
export const SECRET_PATTERN = '^whsec_[A-Za-z0-9+/]{32}$';

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The HMAC key a secret stands for. */
export function secretKey(secret: string): Buffer {
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/** A new subscription's ID. */
export const newSubscriptionId = (): string => `whk_${randomToken(16)}`;
