import fs from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ConfigError } from './config-error.js';

/** A plan sells a per-minute rate and a per-billing-period quota of requests. */
export interface Plan {
  name: string;
  requestsPerMinute: number;
  requestsPerPeriod: number;
  description: string;
  /** Webhook subscriptions a key may hold at once (WEBHOOK_DEFAULTS when the plan does not say). */
  webhooks?: number;
  /** Webhook deliveries (attempts) per billing period; past it, deliveries wait for the next period. */
  webhookDeliveriesPerPeriod?: number;
}

/** A plan's webhook limits when it names none (a plans file written before webhooks). */
export const WEBHOOK_DEFAULTS = { webhooks: 5, webhookDeliveriesPerPeriod: 10_000 } as const;

/** The webhook limits of `plan`, defaults filled in. */
export function webhookLimits(plan: Plan): { webhooks: number; deliveriesPerPeriod: number } {
  return {
    webhooks: plan.webhooks ?? WEBHOOK_DEFAULTS.webhooks,
    deliveriesPerPeriod: plan.webhookDeliveriesPerPeriod ?? WEBHOOK_DEFAULTS.webhookDeliveriesPerPeriod,
  };
}

/**
 * The plans every deployment has unless TOUCHLINE_PLANS_FILE names a JSON file replacing them
 * (`[{"name": "...", "requests_per_minute": N, "requests_per_period": N, "description": "..."}]`, optionally
 * `"webhooks": N` and `"webhook_deliveries_per_period": N`).
 * The billing period is the key's subscription period, a calendar month in UTC by default.
 */
export const DEFAULT_PLANS: readonly Plan[] = [
  {
    name: 'free',
    requestsPerMinute: 30,
    requestsPerPeriod: 3_000,
    description: 'Trying the API',
    webhooks: 2,
    webhookDeliveriesPerPeriod: 3_000,
  },
  {
    name: 'standard',
    requestsPerMinute: 300,
    requestsPerPeriod: 300_000,
    description: 'Apps and bots',
    webhooks: 10,
    webhookDeliveriesPerPeriod: 100_000,
  },
  {
    name: 'pro',
    requestsPerMinute: 1_200,
    requestsPerPeriod: 3_000_000,
    description: 'Busy apps and data work',
    webhooks: 50,
    webhookDeliveriesPerPeriod: 1_000_000,
  },
  {
    name: 'development',
    requestsPerMinute: 600,
    requestsPerPeriod: 1_000_000,
    description: 'Keys created on a development server',
    webhooks: 10,
    webhookDeliveriesPerPeriod: 100_000,
  },
];

export const DEFAULT_PLAN = 'free';
export const DEVELOPMENT_PLAN = 'development';

const positive = (field: string) =>
  Type.Integer({ minimum: 1, errorMessage: `${field} must be a positive integer` });

/** What TOUCHLINE_PLANS_FILE holds: a non-empty array of plans; fields it does not know are ignored. */
export const PlansFileSchema = Type.Array(
  Type.Object(
    {
      name: Type.String({ pattern: '^[a-z0-9-]{1,40}$', errorMessage: 'name must be 1-40 of a-z, 0-9, -' }),
      requests_per_minute: positive('requests_per_minute'),
      requests_per_period: positive('requests_per_period'),
      description: Type.Optional(Type.String({ errorMessage: 'description must be a string' })),
      webhooks: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: 1000,
          errorMessage: 'webhooks must be an integer from 0 to 1000',
        }),
      ),
      webhook_deliveries_per_period: Type.Optional(
        Type.Integer({
          minimum: 0,
          errorMessage: 'webhook_deliveries_per_period must be a non-negative integer',
        }),
      ),
    },
    { errorMessage: 'must be an object with a name, requests_per_minute and requests_per_period' },
  ),
  { minItems: 1, errorMessage: 'must hold a non-empty JSON array of plans' },
);

export function parsePlans(json: unknown): Plan[] {
  const error = Value.Errors(PlansFileSchema, json).First();
  if (error !== undefined) {
    // The path is /<index>/<field>; the innermost schema that refused says what was wrong.
    const [, index, field] = error.path.split('/');
    const where =
      index === undefined ? '' : `plan ${index}${field === undefined ? '' : ` (${planName(json, index)})`}: `;
    const message = (error.schema as { errorMessage?: string }).errorMessage ?? error.message;
    throw new ConfigError('TOUCHLINE_PLANS_FILE', `${where}${message}`);
  }
  const plans = (json as Static<typeof PlansFileSchema>).map((entry) => ({
    name: entry.name,
    requestsPerMinute: entry.requests_per_minute,
    requestsPerPeriod: entry.requests_per_period,
    description: entry.description ?? '',
    ...(entry.webhooks === undefined ? {} : { webhooks: entry.webhooks }),
    ...(entry.webhook_deliveries_per_period === undefined
      ? {}
      : { webhookDeliveriesPerPeriod: entry.webhook_deliveries_per_period }),
  }));
  const names = new Set(plans.map((p) => p.name));
  if (names.size !== plans.length) throw new ConfigError('TOUCHLINE_PLANS_FILE', 'plan names must be unique');
  return plans;
}

function planName(json: unknown, index: string): string {
  const name = (json as Array<{ name?: unknown }>)[Number(index)]?.name;
  return typeof name === 'string' ? name : 'no name';
}

export function readPlans(file: string | undefined): Plan[] {
  if (file === undefined || file === '') return [...DEFAULT_PLANS];
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError('TOUCHLINE_PLANS_FILE', `cannot read ${file}`);
  }
  try {
    return parsePlans(JSON.parse(text));
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError('TOUCHLINE_PLANS_FILE', `${file} is not valid JSON`);
  }
}
