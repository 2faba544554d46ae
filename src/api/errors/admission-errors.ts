import type { Refusal } from '../../auth/admission.js';
import type { LimitDecision } from '../../limits/limit-store.js';
import { ApiError } from './catalogue.js';

const REALM = 'Bearer realm="touchline"';

const MESSAGES: Record<'invalid' | 'revoked' | 'expired', string> = {
  invalid: 'The API key is not valid.',
  revoked: 'The API key has been revoked.',
  expired: 'The API key has expired.',
};

/**
 * The answer to a request refused for its key: 401 with WWW-Authenticate, or 403 for a key whose
 * subscription is inactive or whose plan is no longer offered. It holds nothing of the request.
 */
export function refusalError(refusal: Refusal): ApiError {
  switch (refusal) {
    case 'missing':
    case 'malformed':
      return new ApiError(
        'invalid_api_key',
        'An API key is required: send it as "Authorization: Bearer <key>".',
        { reason: refusal },
        { 'www-authenticate': refusal === 'missing' ? REALM : `${REALM}, error="invalid_request"` },
      );
    case 'inactive':
      return new ApiError(
        'subscription_inactive',
        'The subscription for this API key is inactive; renew the plan.',
        { reason: 'inactive' },
      );
    case 'unknown_plan':
      return new ApiError('subscription_inactive', 'The plan of this key is no longer offered.', {
        reason: 'unknown_plan',
      });
    default:
      return new ApiError(
        'invalid_api_key',
        MESSAGES[refusal],
        { reason: refusal },
        { 'www-authenticate': `${REALM}, error="invalid_token", error_description="${refusal}"` },
      );
  }
}

/**
 * Appends the rate limit and quota headers of every authenticated answer to a flat header list (name,
 * value, ...): counts, and X-Quota-Reset in seconds.
 */
export function appendLimitHeaders(list: string[], d: LimitDecision): void {
  list.push(
    'x-ratelimit-limit',
    String(d.rateLimit),
    'x-ratelimit-remaining',
    String(d.rateRemaining),
    'x-ratelimit-reset',
    String(d.rateResetSeconds),
    'x-quota-limit',
    String(d.quotaLimit),
    'x-quota-remaining',
    String(d.quotaRemaining),
    'x-quota-reset',
    String(d.quotaResetSeconds),
  );
}

/** The same headers as an object, for Fastify's reply. */
export function limitHeaders(d: LimitDecision): Record<string, string> {
  const list: string[] = [];
  appendLimitHeaders(list, d);
  const headers: Record<string, string> = {};
  for (let i = 0; i < list.length; i += 2) headers[list[i]!] = list[i + 1]!;
  return headers;
}

/** The 429 of a request a limit refused, with Retry-After in seconds. */
export function limitedError(d: LimitDecision): ApiError {
  const retryAfter = d.retryAfterSeconds ?? 1;
  const which = d.exceeded === 'quota' ? 'billing-period quota' : 'per-minute rate limit';
  return new ApiError(
    'rate_limit',
    `The ${which} of this key is used up; retry in ${retryAfter} s.`,
    {
      limit: d.exceeded === 'quota' ? 'quota' : 'rate',
      limit_value: d.exceeded === 'quota' ? d.quotaLimit : d.rateLimit,
      retry_after_seconds: retryAfter,
    },
    { 'retry-after': String(retryAfter) },
  );
}
