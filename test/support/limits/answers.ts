// One shape for answers from app.inject and from fetch, and the checks every limit test repeats.
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';

/** An authenticated route that needs no data. */
export const ROUTE = '/api/v1/football/competitions';

export interface Answer {
  status: number;
  header(name: string): string | undefined;
  body: { error?: { code: string; message: string; details: Record<string, unknown> } };
}

export async function inject(
  app: FastifyInstance,
  headers: Record<string, string> = {},
  url = ROUTE,
): Promise<Answer> {
  const res = await app.inject({ method: 'GET', url, headers });
  return {
    status: res.statusCode,
    header: (name) => {
      const value = res.headers[name.toLowerCase()];
      return value === undefined ? undefined : String(value);
    },
    body: res.body === '' ? {} : (res.json() as Answer['body']),
  };
}

export async function get(base: string, headers: Record<string, string> = {}, url = ROUTE): Promise<Answer> {
  const res = await fetch(`${base}${url}`, { headers });
  const text = await res.text();
  return {
    status: res.status,
    header: (name) => res.headers.get(name) ?? undefined,
    body: text === '' ? {} : (JSON.parse(text) as Answer['body']),
  };
}

export interface Limits {
  rateLimit: number;
  rateRemaining: number;
  quotaLimit: number;
  quotaRemaining: number;
  quotaReset: number;
}

/** The five limit headers, each required to be a whole number. */
export function limits(answer: Answer): Limits {
  const whole = (name: string): number => {
    const raw = answer.header(name);
    assert.match(String(raw), /^\d+$/, `${name} is a whole number (status ${answer.status})`);
    return Number(raw);
  };
  return {
    rateLimit: whole('x-ratelimit-limit'),
    rateRemaining: whole('x-ratelimit-remaining'),
    quotaLimit: whole('x-quota-limit'),
    quotaRemaining: whole('x-quota-remaining'),
    quotaReset: whole('x-quota-reset'),
  };
}

/** A 429 in the error envelope for `limit`; returns its Retry-After in seconds. */
export function assertRefused(answer: Answer, limit: 'rate' | 'quota', limitValue: number): number {
  assert.equal(answer.status, 429);
  const retryAfter = answer.header('retry-after');
  assert.match(String(retryAfter), /^\d+$/, 'Retry-After in whole seconds');
  assert.ok(Number(retryAfter) >= 1);
  assert.equal(answer.body.error?.code, 'rate_limit');
  assert.equal(typeof answer.body.error?.message, 'string');
  assert.deepEqual(answer.body.error?.details, {
    limit,
    limit_value: limitValue,
    retry_after_seconds: Number(retryAfter),
  });
  return Number(retryAfter);
}

/** Counts answers by status, e.g. {200: 3, 429: 47}. */
export function statuses(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}
