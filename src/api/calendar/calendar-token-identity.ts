import type { Admission, Identified, Refused } from '../../auth/admission.js';
import { hashCalendarToken, looksLikeCalendarToken } from '../../auth/calendar-tokens.js';
import type { Storage } from '../../storage/connection.js';
import { findCalendarTokenByHash } from '../../storage/repositories/calendar-token.repository.js';
import { ApiError } from '../errors/catalogue.js';
import type { RouteIdentity } from '../plugins/admission.js';
import { keyById } from '../stream/token-identity.js';

const REALM = 'Bearer realm="touchline"';

/** A calendar token refused: 401 in the envelope, saying it is the calendar token that was refused. */
function refusedToken(reason: 'invalid' | 'revoked', message: string): ApiError {
  return new ApiError(
    'invalid_api_key',
    message,
    { reason, credential: 'calendar_token' },
    { 'www-authenticate': `${REALM}, error="invalid_token", error_description="calendar token ${reason}"` },
  );
}

/**
 * How a calendar feed identifies a request that carries a calendar token (`?token=`) and no Authorization
 * header, as the live stream does its token (stream/token-identity.ts): a token of the wrong shape is
 * refused without a lookup; one found by its hash, not revoked, names its key, which is then read by ID and
 * judged as of now, so that a key revoked, expired or deactivated since opens no feed (a rotation keeps the
 * key's ID, and so its tokens). From there the request is admitted, counted and limited as the key's own.
 */
export function calendarTokenIdentity(admission: Admission, storage: Storage): RouteIdentity {
  return (request, now) => {
    const token = (request.query as Record<string, unknown> | undefined)?.token;
    if (token === undefined) return undefined;
    return (async (): Promise<Identified | Refused> => {
      if (typeof token !== 'string' || !looksLikeCalendarToken(token)) {
        throw refusedToken('invalid', 'The calendar token is not valid on this server.');
      }
      const row = await findCalendarTokenByHash(storage, hashCalendarToken(token));
      if (!row) throw refusedToken('invalid', 'The calendar token is not valid on this server.');
      if (row.revoked_at !== null) throw refusedToken('revoked', 'The calendar token has been revoked.');
      return keyById(admission, storage, row.key_id, now);
    })();
  };
}
