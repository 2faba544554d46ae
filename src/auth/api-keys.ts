import { createHash, randomBytes } from 'node:crypto';
import type { Environment } from '../config/config.js';
import { DEFAULT_PLAN, DEVELOPMENT_PLAN } from '../config/plans.js';
import type { ApiKeyRow } from '../storage/repositories/api-key.repository.js';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export function keyPrefixFor(env: Environment): 'test_' | 'live_' {
  return env === 'production' ? 'live_' : 'test_';
}

/** Keys carry 190 random bits, so a plain SHA-256 is enough to store them: there is nothing to brute-force. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

export interface IssuedKey {
  key: string;
  row: ApiKeyRow;
}

export interface KeyOptions {
  /** Defaults to the development plan on a development server, the free plan in production. */
  plan?: string;
  /** Day of the month (1-28) the billing period starts on; calendar months when absent. */
  billingAnchorDay?: number;
}

export function issueApiKey(
  env: Environment,
  name: string,
  now: Date,
  expiresInDays?: number,
  options: KeyOptions = {},
): IssuedKey {
  const key = `${keyPrefixFor(env)}${randomToken(32)}`;
  const row: ApiKeyRow = {
    id: `key_${randomToken(12)}`,
    name,
    prefix: key.slice(0, 9),
    key_hash: hashApiKey(key),
    environment: env,
    subscription_active: 1,
    created_at: now.toISOString(),
    expires_at:
      expiresInDays === undefined ? null : new Date(now.getTime() + expiresInDays * 86_400_000).toISOString(),
    revoked_at: null,
    plan: options.plan ?? (env === 'development' ? DEVELOPMENT_PLAN : DEFAULT_PLAN),
    billing_anchor_day: options.billingAnchorDay ?? null,
  };
  return { key, row };
}

export type KeyVerdict = 'valid' | 'invalid' | 'revoked' | 'expired' | 'inactive';

/** Judges a presented key against its stored row for the environment this server runs in. */
export function judgeApiKey(
  presented: string,
  row: ApiKeyRow | undefined,
  env: Environment,
  now: number,
): KeyVerdict {
  if (!row || !presented.startsWith(keyPrefixFor(env)) || row.environment !== env) return 'invalid';
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now) return 'expired';
  if (row.subscription_active !== 1) return 'inactive';
  return 'valid';
}
