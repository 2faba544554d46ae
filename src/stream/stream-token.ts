import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StreamFilter } from './live-event.js';

/** How long a stream token can open streams. Short: it travels in a URL, which logs and histories keep. */
export const STREAM_TOKEN_SECONDS = 60;
/** Names the token's purpose and format, so that nothing else signed with the secret passes for one. */
const PREFIX = 'st1';
/** A token is far shorter than this; anything longer is refused unread. */
export const MAX_TOKEN_LENGTH = 512;

/** What a stream token grants: streams of one filter, for one key, until a time. */
export interface StreamGrant {
  keyId: string;
  filter: StreamFilter;
  /** Unix seconds after which it opens nothing. */
  expires: number;
}

const filterText = (filter: StreamFilter): string =>
  filter.matchId !== undefined
    ? `m:${filter.matchId}`
    : filter.competitionId !== undefined
      ? `c:${filter.competitionId}`
      : '*';

function filterOf(text: unknown): StreamFilter | undefined {
  if (text === '*') return {};
  if (typeof text !== 'string') return undefined;
  if (text.startsWith('m:')) return { matchId: text.slice(2) };
  if (text.startsWith('c:')) return { competitionId: text.slice(2) };
  return undefined;
}

/** Whether two filters name the same streams. */
export function sameFilter(a: StreamFilter, b: StreamFilter): boolean {
  return filterText(a) === filterText(b);
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`${PREFIX}.${payload}`).digest();

/** A token for `grant`, signed with `secret` (HMAC-SHA256): `st1.<payload>.<signature>`, URL-safe. */
export function issueStreamToken(secret: string, grant: StreamGrant): string {
  const payload = Buffer.from(
    JSON.stringify({ k: grant.keyId, f: filterText(grant.filter), e: grant.expires }),
  ).toString('base64url');
  return `${PREFIX}.${payload}.${sign(secret, payload).toString('base64url')}`;
}

export type TokenCheck = { ok: true; grant: StreamGrant } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * What a token grants, if `secret` signed it and it has not expired at `nowSeconds`. The signature is
 * checked first, in constant time, so that nothing of a forged token is believed.
 */
export function checkStreamToken(secret: string, token: string, nowSeconds: number): TokenCheck {
  const invalid = { ok: false, reason: 'invalid' } as const;
  if (token.length > MAX_TOKEN_LENGTH) return invalid;
  const [prefix, payload, signature, extra] = token.split('.');
  if (prefix !== PREFIX || !payload || !signature || extra !== undefined) return invalid;
  // Compared as text, so that only the one spelling of the signature passes (base64url decoding would
  // also take others, differing in unused bits).
  const expected = Buffer.from(sign(secret, payload).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  let fields: { k?: unknown; f?: unknown; e?: unknown };
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof fields;
  } catch {
    return invalid;
  }
  const filter = filterOf(fields.f);
  if (typeof fields.k !== 'string' || typeof fields.e !== 'number' || !filter) return invalid;
  if (fields.e <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, grant: { keyId: fields.k, filter, expires: fields.e } };
}
