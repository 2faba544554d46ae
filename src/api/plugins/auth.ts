import type { FastifyInstance } from 'fastify';
import type { Environment } from '../../config/config.js';
import { hashApiKey, judgeApiKey, type KeyVerdict } from '../../auth/api-keys.js';
import type { Storage } from '../../storage/connection.js';
import { findApiKeyByHash, type ApiKeyRow } from '../../storage/repositories/api-key.repository.js';
import { bearerToken } from '../bearer-token.js';
import { ApiError } from '../errors/catalogue.js';
import { sendError } from './errors.js';

const REALM = 'Bearer realm="touchline"';

const MESSAGES: Record<Exclude<KeyVerdict, 'valid' | 'inactive'>, string> = {
  invalid: 'The API key is not valid.',
  revoked: 'The API key has been revoked.',
  expired: 'The API key has expired.',
};

/** Why a request's key does not let it in: no usable Authorization header, or the key's verdict. */
export type KeyRefusal = 'missing' | 'malformed' | Exclude<KeyVerdict, 'valid'>;

/** The header's problem when it holds no bearer token (`bearerToken` found none). */
export function tokenlessRefusal(authorization: string | undefined): KeyRefusal {
  return authorization ? 'malformed' : 'missing';
}

/**
 * The answer to a request refused for its key: 401 with WWW-Authenticate, or 403 for a key whose
 * subscription is inactive. The same for every request, so the read fast path sends it too.
 */
export function keyRefusal(refusal: KeyRefusal): ApiError {
  if (refusal === 'missing' || refusal === 'malformed') {
    return new ApiError(
      'invalid_api_key',
      'An API key is required: send it as "Authorization: Bearer <key>".',
      { reason: refusal },
      { 'www-authenticate': refusal === 'missing' ? REALM : `${REALM}, error="invalid_request"` },
    );
  }
  if (refusal === 'inactive') {
    return new ApiError(
      'subscription_inactive',
      'The subscription for this API key is inactive; renew the plan.',
      { reason: 'inactive' },
    );
  }
  return new ApiError(
    'invalid_api_key',
    MESSAGES[refusal],
    { reason: refusal },
    { 'www-authenticate': `${REALM}, error="invalid_token", error_description="${refusal}"` },
  );
}

/**
 * Every route except those marked `public` needs `Authorization: Bearer <key>`. Missing, unknown, revoked
 * or expired keys, and keys of the other environment (test_ vs live_), answer 401 with WWW-Authenticate;
 * a key whose subscription is inactive answers 403.
 */
export function registerAuth(app: FastifyInstance, storage: Storage, env: Environment): void {
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.public || request.routeOptions.url === undefined) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) return sendError(reply, keyRefusal(tokenlessRefusal(request.headers.authorization)));
    // Every request asks the database (synchronously where it is in-process).
    const row = await findApiKeyByHash(storage, hashApiKey(token));
    const verdict = judgeApiKey(token, row, env, Date.now());
    if (verdict !== 'valid') return sendError(reply, keyRefusal(verdict));
    request.apiKey = row!;
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key that authenticated this request; null on public routes and before authentication. */
    apiKey: ApiKeyRow | null;
  }
}
