import type { Environment } from '../config/config.js';
import type { Plan } from '../config/plans.js';
import type { DatasetGeneration } from '../cache/dataset-generation.js';
import type { CachedResponse, ResponseCache } from '../cache/response-cache.js';
import { hashApiKey, judgeApiKey } from '../auth/api-keys.js';
import { billingPeriod, type BillingPeriod } from '../limits/billing-period.js';
import type { LimitStore } from '../limits/limit-store.js';
import type { ApiKeyRow } from '../storage/repositories/api-key.repository.js';
import { bearerToken } from './bearer-token.js';
import { refusalAnswer } from './fast-refusals.js';
import { tokenlessRefusal } from './plugins/auth.js';
import { limitHeaders } from './plugins/limits.js';
import { cacheEntry, responseCacheKey } from './plugins/response-cache.js';
import type { SynchronousRead } from './synchronous-reads.js';

/**
 * How long a key looked up by the fast path is trusted without asking the database again: the bound on
 * how long a key revoked, expired by hand or deactivated elsewhere (`touchline keys ...`) can still read
 * the answers the fast path gives (cached ones and match list pages). Unknown keys are never remembered.
 */
export const KEY_TRUST_MS = 250;

/** A body in the two parts around the request ID's JSON string (always 38 ASCII bytes). */
export interface Body {
  before: Buffer | string;
  after: Buffer | string | null;
  length: number;
}

const ID_BYTES = 38;
const encoded = new WeakMap<CachedResponse, Body>();

/** A cached body as bytes, encoded once for all the requests it answers. */
function encode(entry: CachedResponse): Body {
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
 * A body just read, as text: it may answer this request only (no cache, or a full one), and encoding
 * it first would allocate its bytes outside the heap, which the garbage collector pays for.
 */
function asText(entry: CachedResponse): Body {
  const { before, after } = entry;
  const length = Buffer.byteLength(before) + (after === null ? 0 : ID_BYTES + Buffer.byteLength(after));
  return { before, after, length };
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
  /** Builds the answers it can for URLs the cache does not hold (an in-process database). */
  read: SynchronousRead | undefined;
  /** True once the server drains: answers must then close their connection, which the full path does. */
  draining: () => boolean;
}

/**
 * An answer of the fast path, what is left is to write it: a 200 counted against its key, or the
 * refusal of a request whose key does not let it in (401, 403), which counts nothing.
 */
export interface FastAnswer {
  status: number;
  /**
   * The headers between X-Request-Id and Content-Type, in the full path's order: a 200's rate limit and
   * quota headers then its ETag, a 401's WWW-Authenticate.
   */
  headers: Readonly<Record<string, string>>;
  body: Body;
}

/**
 * The answer to a GET of `url` (as sent: path and query) with this Authorization header and no
 * conditional header, or undefined having done nothing at all; it never throws.
 */
export type FastPath = (url: string, authorization: string | undefined) => FastAnswer | undefined;

/**
 * The hot path of a read API: a GET whose answer this process already holds, or can read from its
 * in-process database at once (`read`), from a valid key within its limits, is answered here in one
 * synchronous step, before Fastify routes it, with the same bytes and headers the full path would send
 * (`fast-answer-writers.ts`); so is the same GET's refusal when the request has no usable key.
 * Anything else (no answer at hand, a limit refusal, a store that cannot decide at once, a server
 * draining) returns undefined before counting anything, and the request takes the full path, which
 * answers it and every other error exactly as before. Conditional requests are the callers' to leave to
 * the full path. A cached entry exists only for a URL the full path answered 200 for to a key in this
 * dataset generation, and `read` answers only URLs whose 200 it is sure of, so the fast path never
 * answers a URL the routes would reject, and refuses a keyless request only where the route is keyed.
 */
export function readFastPath(deps: FastPathDeps): FastPath | undefined {
  const { cache, generation, limits, env, findKey, read } = deps;
  const peek = cache.peek?.bind(cache);
  const consumeNow = limits.consumeNow?.bind(limits);
  if (!findKey || (!peek && !read) || !consumeNow) return undefined;
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
  /** A body just read, stored as the full path would have stored it, ready to send. */
  const stored = (cacheKey: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    const entry = cacheEntry(text, generation.current);
    // A cache that fails to store only misses next time.
    cache.set(cacheKey, entry).catch(() => undefined);
    return { body: asText(entry), etag: entry.etag };
  };
  const answer = (url: string, authorization: string | undefined): FastAnswer | undefined => {
    if (deps.draining()) return undefined;
    const cacheKey = responseCacheKey(generation.current, url);
    const entry = peek?.(cacheKey);
    const readBody = entry ? undefined : read?.(url);
    if (!entry && !readBody) return undefined;
    const token = bearerToken(authorization);
    if (!token) return refusalAnswer(tokenlessRefusal(authorization));
    const now = Date.now();
    const key = keyFor(token, now);
    const verdict = judgeApiKey(token, key, env, now);
    if (verdict !== 'valid') return refusalAnswer(verdict);
    const plan = plans.get(key!.plan);
    if (!plan) return undefined;
    // Read only once the key is known good: strangers cost no database work here.
    const found = entry ? { body: encode(entry), etag: entry.etag } : stored(cacheKey, readBody!());
    if (!found) return undefined;
    const decision = consumeNow({ keyId: key!.id, plan, period: periodOf(key!, now), now });
    if (!decision?.allowed) return undefined;
    const headers = limitHeaders(decision);
    headers.etag = found.etag;
    return { status: 200, headers, body: found.body };
  };
  return (url, authorization) => {
    try {
      return answer(url, authorization);
    } catch {
      // Nothing was counted or sent (counting is the last step): the full path answers, errors included.
      return undefined;
    }
  };
}
