import { createHash, randomBytes } from 'node:crypto';
import type { Environment } from '../config/config.js';
import { DEFAULT_PLAN, DEVELOPMENT_PLAN } from '../config/plans.js';
import type { ApiKeyRow, SecretChange } from '../storage/repositories/api-key.repository.js';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export function keyPrefixFor(env: Environment): 'test_' | 'live_' {
  return env === 'production' ? 'live_' : 'test_';
}

/** Keys carry 190 random bits, so a plain SHA-256 is enough to store them: there is nothing to brute-force. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** `length` characters of the keys' alphabet, each from a random byte (calendar tokens use it too). */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

export interface IssuedKey {
  key: string;
  row: ApiKeyRow;
}

/** A new secret for a key of `env`: the secret, shown once, and what is stored of it. */
export function newSecret(env: Environment): { key: string; prefix: string; key_hash: string } {
  const key = `${keyPrefixFor(env)}${randomToken(32)}`;
  return { key, prefix: key.slice(0, 9), key_hash: hashApiKey(key) };
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
  const { key, prefix, key_hash } = newSecret(env);
  const row: ApiKeyRow = {
    id: `key_${randomToken(12)}`,
    name,
    prefix,
    key_hash,
    environment: env,
    subscription_active: 1,
    created_at: now.toISOString(),
    expires_at:
      expiresInDays === undefined ? null : new Date(now.getTime() + expiresInDays * 86_400_000).toISOString(),
    revoked_at: null,
    plan: options.plan ?? (env === 'development' ? DEVELOPMENT_PLAN : DEFAULT_PLAN),
    billing_anchor_day: options.billingAnchorDay ?? null,
    previous_key_hash: null,
    previous_key_expires_at: null,
    rotated_at: null,
  };
  return { key, row };
}

export interface RotatedSecret {
  /** The new secret, to be shown once. */
  key: string;
  change: SecretChange;
}

/**
 * A new secret for `row`, same ID, plan and counts: the current secret becomes the previous one, valid
 * for `graceMs` more (0: refused at once), so that clients can move to the new one without an outage.
 * A previous secret still in its grace is dropped: only one is kept.
 */
export function rotateSecret(row: ApiKeyRow, now: Date, graceMs: number): RotatedSecret {
  const { key, prefix, key_hash } = newSecret(row.environment as Environment);
  return {
    key,
    change: {
      key_hash,
      prefix,
      previous_key_hash: row.key_hash,
      previous_key_expires_at: new Date(now.getTime() + graceMs).toISOString(),
      rotated_at: now.toISOString(),
    },
  };
}

/**
 * A stored key as the secret presented finds it: `previous_secret` when that secret is the one a
 * rotation replaced (the row was found by `previous_key_hash`), whose validity ends at
 * `previous_key_expires_at`. Which secret matched is decided once per lookup, where the hash is at hand,
 * so that judging a remembered key costs no hash.
 */
export interface PresentedKey extends ApiKeyRow {
  previous_secret?: true;
}

/** `row`, found by the secret whose SHA-256 is `keyHash`, as that secret presents it. */
export function asPresented(row: ApiKeyRow, keyHash: string): PresentedKey {
  return row.key_hash === keyHash ? row : { ...row, previous_secret: true };
}

export type KeyVerdict = 'valid' | 'invalid' | 'revoked' | 'expired' | 'inactive';

/**
 * Judges a presented key against its stored row for the environment this server runs in. A secret
 * replaced by a rotation is revoked once its grace period ends (docs/api.md, "Authentication").
 */
export function judgeApiKey(
  presented: string,
  row: PresentedKey | undefined,
  env: Environment,
  now: number,
): KeyVerdict {
  if (!row || !presented.startsWith(keyPrefixFor(env)) || row.environment !== env) return 'invalid';
  if (row.revoked_at !== null) return 'revoked';
  if (
    row.previous_secret &&
    !(row.previous_key_expires_at && Date.parse(row.previous_key_expires_at) > now)
  ) {
    return 'revoked';
  }
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now) return 'expired';
  if (row.subscription_active !== 1) return 'inactive';
  return 'valid';
}
