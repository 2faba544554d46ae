import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Counted } from '../../auth/admission.js';
import { keyPrefixFor } from '../../auth/api-keys.js';
import type { Environment } from '../../config/config.js';
import { webhookLimits } from '../../config/plans.js';
import { WINDOW_MS } from '../../limits/limit-store.js';
import type { RouteDeps } from '../route-context.js';
import { errorResponses, Nullable } from '../schemas/common.js';

const count = (description: string) => Type.Integer({ minimum: 0, description });
const instant = (description: string) => Type.String({ format: 'date-time', description });

const Account = Type.Object(
  {
    data: Type.Object({
      key: Type.Object({
        id: Type.String({
          description: 'The key’s identifier (not the secret), as `touchline keys list` shows it',
        }),
        name: Type.String(),
        prefix: Type.String({ description: 'The first characters of the key, to tell keys apart' }),
        kind: Type.Union([Type.Literal('test'), Type.Literal('live')], {
          description: 'test_ keys belong to a development server, live_ keys to a production one',
        }),
        environment: Type.Union([Type.Literal('development'), Type.Literal('production')]),
        created_at: instant('When the key was issued'),
        expires_at: Nullable(instant('When the key stops working; null when it does not expire')),
      }),
      plan: Type.Object({ name: Type.String(), description: Type.String() }),
      rate_limit: Type.Object(
        {
          limit: count('Requests per minute the plan allows: X-RateLimit-Limit'),
          used: count('Requests counted in the last 60 seconds, this one included'),
          remaining: count('Requests left in the current window: X-RateLimit-Remaining'),
          window_seconds: Type.Integer({ const: WINDOW_MS / 1000, description: 'A sliding window of 60 s' }),
        },
        { description: 'The per-minute limit, as counted for this request' },
      ),
      quota: Type.Object(
        {
          limit: count('Requests per billing period the plan allows: X-Quota-Limit'),
          used: count('Requests counted in the current billing period (this one is not: see the route)'),
          remaining: count('Requests left in the period: X-Quota-Remaining'),
          period_start: instant('Start of the current billing period (inclusive)'),
          period_end: instant('End of the current billing period (exclusive), when the quota starts again'),
          reset_seconds: count('Seconds until period_end: X-Quota-Reset'),
        },
        { description: 'The billing-period quota, as counted for this request' },
      ),
      webhooks: Type.Object(
        {
          subscriptions_limit: count('Webhook subscriptions the key may hold at once (POST /webhooks)'),
          deliveries_per_period: count(
            'Webhook deliveries (attempts, tests included) per billing period; past them deliveries wait',
          ),
        },
        { description: 'The plan’s webhook limits (docs/webhooks.md)' },
      ),
    }),
  },
  { $id: 'Account' },
);

/** What a customer sees of its key and limits: the very decision the answer's headers are made from. */
function accountOf(admitted: Counted): typeof Account.static {
  const { key, plan, period, decision: d } = admitted;
  return {
    data: {
      key: {
        id: key.id,
        name: key.name,
        prefix: key.prefix,
        kind: keyPrefixFor(key.environment as Environment) === 'live_' ? 'live' : 'test',
        environment: key.environment as Environment,
        created_at: key.created_at,
        expires_at: key.expires_at,
      },
      plan: { name: plan.name, description: plan.description },
      rate_limit: {
        limit: d.rateLimit,
        used: d.rateUsed,
        remaining: d.rateRemaining,
        window_seconds: WINDOW_MS / 1000,
      },
      quota: {
        limit: d.quotaLimit,
        used: d.quotaUsed,
        remaining: d.quotaRemaining,
        period_start: period.start.toISOString(),
        period_end: period.end.toISOString(),
        reset_seconds: d.quotaResetSeconds,
      },
      webhooks: {
        subscriptions_limit: webhookLimits(plan).webhooks,
        deliveries_per_period: webhookLimits(plan).deliveriesPerPeriod,
      },
    },
  };
}

export const accountRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app) => {
  app.get(
    '/account',
    {
      // A usage check must not eat the quota it reports on, and must answer when that quota is used up;
      // it still costs a round trip to the counters, so the minute window bounds how often it is asked.
      config: { windowOnly: true },
      schema: {
        summary: 'The calling key, its plan, and its usage of the per-minute limit and the quota',
        description:
          'Its figures are those of its own X-RateLimit-* and X-Quota-* headers, from the same decision. ' +
          'It answers when the quota is used up (calling it leaves X-Quota-Remaining as it was), not once the ' +
          'per-minute limit is: then a 429 with the same headers and Retry-After. Never cached ' +
          '(Cache-Control: no-store), no ETag.',
        tags: ['account'],
        response: { 200: Account, ...errorResponses(401, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return accountOf(request.admitted!);
    },
  );
};
