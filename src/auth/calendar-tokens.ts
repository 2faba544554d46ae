import { hashApiKey, randomToken } from './api-keys.js';
import type { CalendarTokenRow } from '../storage/repositories/calendar-token.repository.js';

/**
 * Calendar tokens: the credential a calendar app sends in a feed's URL (`?token=`), since it subscribes to
 * a URL and cannot send an Authorization header. Each is 190 random bits after `cal_`, stored as its
 * SHA-256 alone (as keys are: api-keys.ts), and belongs to the key that created it by the key's ID.
 */
export const CALENDAR_TOKEN_PREFIX = 'cal_';
const RANDOM_LENGTH = 32;
export const CALENDAR_TOKEN_LENGTH = CALENDAR_TOKEN_PREFIX.length + RANDOM_LENGTH;
/** What is kept of a token to tell it apart in a list: its prefix and four characters, 24 bits. */
const SHOWN_LENGTH = CALENDAR_TOKEN_PREFIX.length + 4;
/** The most tokens a key holds at once (revoked ones aside): docs/api.md, "Calendar feeds". */
export const MAX_CALENDAR_TOKENS = 20;
/** The longest label a token takes. */
export const MAX_LABEL_LENGTH = 100;

const SHAPE = /^cal_[A-Za-z0-9]{32}$/;

/** Whether `token` can be a calendar token at all: anything else is refused without a lookup. */
export function looksLikeCalendarToken(token: string): boolean {
  return token.length === CALENDAR_TOKEN_LENGTH && SHAPE.test(token);
}

export const hashCalendarToken = hashApiKey;

export interface IssuedCalendarToken {
  /** The secret, shown once. */
  token: string;
  row: CalendarTokenRow;
}

/** A new token for the key `keyId`: its secret, and the row that stores its hash. */
export function issueCalendarToken(keyId: string, label: string | null, now: Date): IssuedCalendarToken {
  const token = `${CALENDAR_TOKEN_PREFIX}${randomToken(RANDOM_LENGTH)}`;
  return {
    token,
    row: {
      id: `ctk_${randomToken(12)}`,
      key_id: keyId,
      token_hash: hashCalendarToken(token),
      prefix: token.slice(0, SHOWN_LENGTH),
      label,
      created_at: now.toISOString(),
      revoked_at: null,
    },
  };
}
