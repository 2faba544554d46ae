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

function unauthorized(reason: string, message: string, description: string): ApiError {
  return new ApiError(
    'invalid_api_key',
    message,
    { reason },
    {
      'www-authenticate': `${REALM}, error="invalid_token", error_description="${description}"`,
    },
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
    if (!token) {
      const reason = request.headers.authorization ? 'malformed' : 'missing';
      const missing = new ApiError(
        'invalid_api_key',
        'An API key is required: send it as "Authorization: Bearer <key>".',
        { reason },
        { 'www-authenticate': reason === 'missing' ? REALM : `${REALM}, error="invalid_request"` },
      );
      return sendError(reply, missing);
    }
    // Every request asks the database (synchronously where it is in-process).
    const row = await findApiKeyByHash(storage, hashApiKey(token));
    const verdict = judgeApiKey(token, row, env, Date.now());
    if (verdict === 'valid') {
      request.apiKey = row!;
      return;
    }
    if (verdict === 'inactive') {
      return sendError(
        reply,
        new ApiError(
          'subscription_inactive',
          'The subscription for this API key is inactive; renew the plan.',
          {
            reason: 'inactive',
          },
        ),
      );
    }
    return sendError(reply, unauthorized(verdict, MESSAGES[verdict], verdict));
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key that authenticated this request; null on public routes and before authentication. */
    apiKey: ApiKeyRow | null;
  }
}
