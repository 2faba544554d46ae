import fs from 'node:fs';
import { ConfigError } from './config-error.js';

/** A plan sells a per-minute rate and a per-billing-period quota of requests. */
export interface Plan {
  name: string;
  requestsPerMinute: number;
  requestsPerPeriod: number;
  description: string;
}

/**
 * The plans every deployment has unless TOUCHLINE_PLANS_FILE names a JSON file replacing them
 * (`[{"name": "...", "requests_per_minute": N, "requests_per_period": N, "description": "..."}]`).
 * The billing period is the key's subscription period, a calendar month in UTC by default.
 */
export const DEFAULT_PLANS: readonly Plan[] = [
  { name: 'free', requestsPerMinute: 30, requestsPerPeriod: 3_000, description: 'Trying the API' },
  { name: 'standard', requestsPerMinute: 300, requestsPerPeriod: 300_000, description: 'Apps and bots' },
  {
    name: 'pro',
    requestsPerMinute: 1_200,
    requestsPerPeriod: 3_000_000,
    description: 'Busy apps and data work',
  },
  {
    name: 'development',
    requestsPerMinute: 600,
    requestsPerPeriod: 1_000_000,
    description: 'Keys created on a development server',
  },
];

export const DEFAULT_PLAN = 'free';
export const DEVELOPMENT_PLAN = 'development';

function positiveInt(value: unknown, where: string): number {
  if (!Number.isInteger(value) || (value as number) < 1) {
    throw new ConfigError('TOUCHLINE_PLANS_FILE', `${where} must be a positive integer`);
  }
  return value as number;
}

export function parsePlans(json: unknown): Plan[] {
  if (!Array.isArray(json) || json.length === 0) {
    throw new ConfigError('TOUCHLINE_PLANS_FILE', 'must hold a non-empty JSON array of plans');
  }
  const plans = json.map((entry: Record<string, unknown>, i) => {
    if (
      typeof entry !== 'object' ||
      entry === null ||
      typeof entry.name !== 'string' ||
      !/^[a-z0-9-]{1,40}$/.test(entry.name)
    ) {
      throw new ConfigError('TOUCHLINE_PLANS_FILE', `plan ${i}: name must be 1-40 of a-z, 0-9, -`);
    }
    return {
      name: entry.name,
      requestsPerMinute: positiveInt(entry.requests_per_minute, `plan ${entry.name}: requests_per_minute`),
      requestsPerPeriod: positiveInt(entry.requests_per_period, `plan ${entry.name}: requests_per_period`),
      description: typeof entry.description === 'string' ? entry.description : '',
    };
  });
  const names = new Set(plans.map((p) => p.name));
  if (names.size !== plans.length) throw new ConfigError('TOUCHLINE_PLANS_FILE', 'plan names must be unique');
  return plans;
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
