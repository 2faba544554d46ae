import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Environment } from '../config/config.js';
import type { Plan } from '../config/plans.js';
import type { DatasetGeneration } from '../cache/dataset-generation.js';
import type { CachedResponse, ResponseCache } from '../cache/response-cache.js';
import { hashApiKey, judgeApiKey } from '../auth/api-keys.js';
import { billingPeriod, type BillingPeriod } from '../limits/billing-period.js';
import type { LimitStore } from '../limits/limit-store.js';
import type { ApiKeyRow } from '../storage/repositories/api-key.repository.js';
import { bearerToken } from './bearer-token.js';
import { limitHeaders } from './plugins/limits.js';
import { JSON_TYPE, responseCacheKey } from './plugins/response-cache.js';

/**
 * How long a key looked up by the fast path is trusted without asking the database again: the bound on
 * how long a key revoked, expired by hand or deactivated elsewhere (`touchline keys ...`) can still read
 * cached answers. Unknown keys are never remembered.
 */
export const KEY_TRUST_MS = 250;

/** A cached body as bytes, with room for the request ID's JSON string (always 38 ASCII bytes). */
interface EncodedEntry {
  before: Buffer;
  after: Buffer | null;
  length: number;
}

const ID_BYTES = 38;
const encoded = new WeakMap<CachedResponse, EncodedEntry>();

function encode(entry: CachedResponse): EncodedEntry {
  let bytes = encoded.get(entry);
  if (!bytes) {
    const before = Buffer.from(entry.before);
    const after = entry.after === null ? null : Buffer.from(entry.after);
    const length = before.length + (after ? ID_BYTES + after.length : 0);
    bytes = { before, after, length };
    encoded.set(entry, bytes);
  }
  return bytes;
}

/**
 * Remembers keys found for KEY_TRUST_MS, by the token presented: a hit costs neither the hash nor the
 * database. The process holds each token it is sent anyway, for the request's lifetime.
 */
function trustedKeys(
  findKey: (keyHash: string) => ApiKeyRow | undefined,
): (token: string, now: number) => ApiKeyRow | undefined {
  const known = new Map<string, { row: ApiKeyRow; until: number }>();
  return (token, now) => {
    const hit = known.get(token);
    if (hit && now < hit.until) return hit.row;
    const row = findKey(hashApiKey(token));
    if (row) {
      // Keys are few; the bound only guards against a flood of distinct valid keys.
      if (known.size >= 10_000) known.clear();
      known.set(token, { row, until: now + KEY_TRUST_MS });
    } else known.delete(token);
    return row;
  };
}

export interface FastPathDeps {
  cache: ResponseCache;
  generation: DatasetGeneration;
  limits: LimitStore;
  plans: readonly Plan[];
  env: Environment;
  /** Synchronous key lookup; without one (a server database) there is no fast path. */
  findKey: ((keyHash: string) => ApiKeyRow | undefined) | undefined;
  /** True once the server drains: answers must then close their connection, which Fastify does. */
  draining: () => boolean;
}

/** Answers `req` and returns true, or returns false having done nothing at all. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The hot path of a read API: a GET whose answer this process already holds, from a valid key within
 * its limits, is answered here in one synchronous step, before Fastify routes it, with the same bytes and
 * headers the full path would send. Anything else (no cached bytes, any doubt about the key, a limit
 * refusal, a conditional request, a store that cannot decide at once) returns false before counting
 * anything, and the request takes the full path, which answers it and every error exactly as before.
 * A cached entry exists only for a URL the full path answered 200 for in this dataset generation, so
 * the fast path never answers a URL the routes would reject.
 */
export function cachedReadFastPath(deps: FastPathDeps): FastPath | undefined {
  const { cache, generation, limits, env, findKey } = deps;
  const { peek } = cache;
  const consumeNow = limits.consumeNow?.bind(limits);
  if (!findKey || !peek || !consumeNow) return undefined;
  const plans = new Map(deps.plans.map((p) => [p.name, p]));
  const keyFor = trustedKeys(findKey);
  // A key's billing period changes once a month: computed again only when `now` leaves it.
  const periods = new Map<string, BillingPeriod>();
  const periodOf = (key: ApiKeyRow, now: number): BillingPeriod => {
    let period = periods.get(key.id);
    if (!period || now >= period.end.getTime() || now < period.start.getTime()) {
      period = billingPeriod(new Date(now), key.billing_anchor_day);
      if (periods.size >= 10_000) periods.clear();
      periods.set(key.id, period);
    }
    return period;
  };
  return (req, res) => {
    if (req.method !== 'GET' || deps.draining() || req.headers['if-none-match'] !== undefined) return false;
    const entry = peek.call(cache, responseCacheKey(generation.current, req.url ?? ''));
    if (!entry) return false;
    const token = bearerToken(req.headers.authorization);
    if (!token) return false;
    const now = Date.now();
    const key = keyFor(token, now);
    if (judgeApiKey(token, key, env, now) !== 'valid') return false;
    const plan = plans.get(key!.plan);
    if (!plan) return false;
    const decision = consumeNow({ keyId: key!.id, plan, period: periodOf(key!, now), now });
    if (!decision?.allowed) return false;
    const requestId = randomUUID();
    const body = encode(entry);
    res.writeHead(200, {
      'x-request-id': requestId,
      ...limitHeaders(decision),
      etag: entry.etag,
      'content-type': JSON_TYPE,
      'content-length': body.length,
    });
    if (body.after === null) res.end(body.before);
    else {
      // Corked, the three parts leave with the headers in one system call, without copying the body.
      res.cork();
      res.write(body.before);
      res.write(`"${requestId}"`, 'latin1');
      res.end(body.after);
      res.uncork();
    }
    return true;
  };
}
