import type { Admission, Identified, Refused } from '../../auth/admission.js';
import type { Storage } from '../../storage/connection.js';
import { findApiKey } from '../../storage/repositories/api-key.repository.js';
import { checkStreamToken, sameFilter } from '../../stream/stream-token.js';
import { ApiError } from '../errors/catalogue.js';
import type { RouteIdentity } from '../plugins/admission.js';
import { rawFilterOf } from './stream-query.js';

const REALM = 'Bearer realm="touchline"';

/** A token refused: 401 in the envelope, saying it is the token (not a key) that was refused. */
function refusedToken(reason: 'invalid' | 'expired', message: string): ApiError {
  return new ApiError(
    'invalid_api_key',
    message,
    { reason, credential: 'stream_token' },
    { 'www-authenticate': `${REALM}, error="invalid_token", error_description="stream token ${reason}"` },
  );
}

/**
 * The key a stream token names, read by its ID and judged as of `now` as its current secret would be:
 * how a token's stream is admitted, and how it is judged again while it lasts (stream-keys.ts).
 */
export async function keyById(
  admission: Admission,
  storage: Storage,
  keyId: string,
  now: number,
): Promise<Identified | Refused> {
  return admission.identifyKey(await findApiKey(storage.db, keyId), now);
}

/**
 * How the stream route identifies a request that carries a stream token (`?token=`) and no Authorization
 * header: the token must be signed with this server's secret, unexpired, and issued for the very filter
 * asked (the same match, the same competition, or every event); its key is then read by ID and judged as
 * of now, so that a key revoked or deactivated since the token was issued opens nothing. From there the
 * request is admitted, counted and limited as the key's own request.
 */
export function streamTokenIdentity(admission: Admission, storage: Storage, secret: string): RouteIdentity {
  return (request, now) => {
    const token = (request.query as Record<string, unknown> | undefined)?.token;
    if (token === undefined) return undefined;
    return (async () => {
      if (typeof token !== 'string') throw refusedToken('invalid', 'Send one stream token.');
      const checked = checkStreamToken(secret, token, Math.floor(now / 1000));
      if (!checked.ok) {
        throw checked.reason === 'expired'
          ? refusedToken('expired', 'The stream token has expired: ask for a new one.')
          : refusedToken('invalid', 'The stream token is not valid on this server.');
      }
      if (!sameFilter(checked.grant.filter, rawFilterOf(request.query))) {
        throw refusedToken('invalid', 'The stream token was issued for another match_id or competition_id.');
      }
      return keyById(admission, storage, checked.grant.keyId, now);
    })();
  };
}
