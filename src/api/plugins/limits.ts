import type { FastifyInstance } from 'fastify';
import type { Plan } from '../../config/plans.js';
import { billingPeriod } from '../../limits/billing-period.js';
import type { LimitDecision, LimitRequest, LimitStore } from '../../limits/limit-store.js';
import type { ApiKeyRow } from '../../storage/repositories/api-key.repository.js';
import { ApiError } from '../errors/catalogue.js';
import { sendError } from './errors.js';

export function limitHeaders(d: LimitDecision): Record<string, string> {
  return {
    'x-ratelimit-limit': String(d.rateLimit),
    'x-ratelimit-remaining': String(d.rateRemaining),
    'x-quota-limit': String(d.quotaLimit),
    'x-quota-remaining': String(d.quotaRemaining),
    'x-quota-reset': String(d.quotaResetSeconds),
  };
}

function tooMany(d: LimitDecision): ApiError {
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

/** What counting one request of `key` at `now` asks of its plan's limits. */
function limitRequest(key: ApiKeyRow, plan: Plan, now: number): LimitRequest {
  return { keyId: key.id, plan, period: billingPeriod(new Date(now), key.billing_anchor_day), now };
}

/**
 * Counts every authenticated request against its key's plan, before the cache answers, and reports the
 * limits on every authenticated response (all figures are request counts; X-Quota-Reset and Retry-After
 * are seconds). Requests refused with 401 or 403 never reach this hook, so they count against nothing.
 */
export function registerLimits(app: FastifyInstance, store: LimitStore, plans: readonly Plan[]): void {
  const byName = new Map(plans.map((p) => [p.name, p]));
  app.addHook('onRequest', async (request, reply) => {
    const key = request.apiKey;
    if (!key) return;
    const plan = byName.get(key.plan);
    if (!plan) {
      return sendError(
        reply,
        new ApiError('subscription_inactive', `The plan "${key.plan}" of this key is no longer offered.`, {
          reason: 'unknown_plan',
        }),
      );
    }
    const decision = await store.consume(limitRequest(key, plan, Date.now()));
    reply.headers(limitHeaders(decision));
    if (!decision.allowed) return sendError(reply, tooMany(decision));
  });
  app.addHook('onClose', async () => {
    await store.close();
  });
}
