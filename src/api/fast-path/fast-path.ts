import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Admission, Counted, Identified, Refused, Verdict } from '../../auth/admission.js';
import type { RequestMetrics } from '../../metrics/request-metrics.js';
import type { DatasetGeneration } from '../../cache/dataset-generation.js';
import type { CachedResponse, ResponseCache } from '../../cache/response-cache.js';
import { cacheEntry, encodedParts, holdUntilClosed, ownParts, textParts } from '../cached-body.js';
import type { Answer } from '../route-context.js';
import { isPromise, type Maybe } from '../../storage/maybe.js';
import type { RouteInfo, RouteTable } from '../routing/route-table.js';
import type { RouteValidators, Validate } from '../routing/route-validators.js';
import type { AnsweredRequest, OnAnswered } from '../answered-request.js';
import { addressIn, answerVersionOf, type AddressedRoute } from '../answer-address.js';
import { acceptedCoding } from '../http/accept-encoding.js';
import { markAdmitted } from '../http/admitted-message.js';
import { answerWriter, type Written } from './answers.js';
import { fastHeaders } from './request-headers.js';
import { ResolvedUrls } from './resolved-urls.js';

/** A keyed, cached GET route, as the fast path answers it. */
interface FastRoute {
  url: string;
  /** What its answers are filed by (answer-address.ts). */
  addressed: AddressedRoute;
  params: Validate | undefined;
  query: Validate | undefined;
  answer: Answer | undefined;
}

/** A request target routed to a fast route and validated: its cache key, or null when invalid. */
interface Resolved {
  route: FastRoute;
  params: Readonly<Record<string, string | undefined>>;
  query: Readonly<Record<string, unknown>>;
  valid: boolean;
  /** The cache key and ETag in `version`, made again when the version changes. */
  version: string;
  key: string;
  etag: string;
  /** The read clock (see admit) when its answer was last read from the database. */
  lastRead: number;
}

/** A fast-path answer as the access log and the metrics see it. */
function answered(
  req: IncomingMessage,
  route: string,
  res: ServerResponse,
  started: number,
  keyId: string | null,
  written: Written,
): AnsweredRequest {
  return {
    route,
    method: 'GET',
    url: req.url ?? '',
    status: res.statusCode,
    seconds: (performance.now() - started) / 1000,
    keyId,
    requestId: written.requestId,
    bytes: written.bytes,
  };
}

export interface FastPathDeps {
  routes: RouteTable;
  validators: RouteValidators;
  cache: ResponseCache;
  generation: DatasetGeneration;
  admission: Admission;
  /** What the process counts of its requests for /metrics (cache hits and misses here). */
  metrics?: RequestMetrics;
  /** Told of every answer (the access log, the metrics); nothing is measured per request without it. */
  onAnswered?: OnAnswered;
  /** Headers the full path adds to every answer of a request without Origin (CORS's, compression's Vary). */
  commonHeaders?: readonly string[];
  /** Whether answers are compressed by Accept-Encoding (compressed-body.ts). */
  compress?: boolean;
}

/**
 * Answers the request, or returns false having done nothing at all (nothing counted, nothing written):
 * the request then goes to Fastify. It never throws. A request whose answer is still being read when it
 * returns (true) is answered later, or handed to Fastify then through `fallback`, still having counted
 * and written nothing, should anything but a 200 come of the read.
 */
export type FastPath = (req: IncomingMessage, res: ServerResponse, fallback: () => void) => boolean;

/**
 * The hot path of a read API, in front of Fastify's routing, for requests Node has parsed: a GET of a
 * keyed, cached route from a key admission knows is answered here, with the same status, headers and body
 * the full path would send: from the response cache when this process holds the answer, else from the
 * route's Answer, the very function its Fastify handler calls (route-context.ts). On SQLite that answer
 * is read in the same turn; on PostgreSQL it arrives later and is written then. So is the refusal of such
 * a request for its key. Routing, validation and admission are the full path's own: the same route table
 * (find-my-way with Fastify's options, fed from the routes' declarations), the very validator functions
 * Fastify compiled for the route, the same Admission. Anything else (a conditional or cross-origin
 * request, an invalid parameter, a key not known yet, a limit that cannot be decided without waiting, an
 * answer other than a 200) is declined before anything is counted or written, and Fastify answers it,
 * errors included.
 */
export function createFastPath(deps: FastPathDeps): FastPath {
  const { routes, validators, cache, generation, admission, metrics, onAnswered } = deps;
  const compress = deps.compress === true;
  const peek = cache.peek?.bind(cache);
  const write = answerWriter(deps.commonHeaders);
  /**
   * Reads from the database so far: the clock of the cache's admission. An answer just read is cached
   * only when its URL was read before within as many reads as the cache keeps answers of its size, that
   * is when it would still be there at its next request had it been cached the first time. Hot URLs are
   * then answered from the cache, while a long tail of URLs asked once in a while (a random match, an
   * old season) is read each time instead of churning the cache: evicting answers nobody asks again
   * costs more than the reads a cache hit would save (a read here takes tens of microseconds). The clock
   * counts reads, not time, so that the rule holds at any request rate.
   */
  let reads = 0;
  const fastRoutes = new WeakMap<RouteInfo, FastRoute | null>();

  /** The route's fast form, made at its first request (validators are compiled when the app is ready). */
  const fastRoute = (route: RouteInfo): FastRoute | null => {
    let fast = fastRoutes.get(route);
    if (fast === undefined) {
      const { config } = route;
      const keyedCachedGet = config.cache && !config.public && route.methods.includes('GET');
      fast = keyedCachedGet
        ? {
            url: route.url,
            addressed: {
              url: route.url,
              config,
              querySchema: route.schema?.querystring as object | undefined,
            },
            params: validators.get('GET', route.url, 'params'),
            query: validators.get('GET', route.url, 'querystring'),
            answer: config.answer,
          }
        : null;
      fastRoutes.set(route, fast);
    }
    return fast;
  };

  const resolvedUrls = new ResolvedUrls<Resolved>();
  /** What `url` resolves to; undefined when it is not a fast route's. */
  const resolve = (url: string): Resolved | undefined => {
    let resolved = resolvedUrls.get(url);
    if (!resolved) {
      const found = routes.find('GET', url);
      const route = found && fastRoute(found.route);
      if (!route) return undefined;
      const { params, query } = found;
      const valid = (!route.params || route.params(params)) && (!route.query || route.query(query));
      resolved = {
        route,
        params,
        query,
        valid,
        version: '',
        key: '',
        etag: '',
        lastRead: Number.NEGATIVE_INFINITY,
      };
      resolvedUrls.set(url, resolved);
    }
    if (!resolved.valid) return resolved;
    const { addressed } = resolved.route;
    const version = answerVersionOf(generation, addressed, resolved.params);
    if (resolved.version !== version) {
      const { key, etag } = addressIn(version, addressed, resolved.params, resolved.query);
      resolved.version = version;
      resolved.key = key;
      resolved.etag = etag;
    }
    return resolved;
  };

  /** One request the fast path is answering, from its resolution to its answer. */
  interface Exchange {
    req: IncomingMessage;
    res: ServerResponse;
    resolved: Resolved;
    started: number | undefined;
    acceptEncoding: string | undefined;
  }

  /**
   * Writes a counted answer: the 429 of a limit, or the 200 of `entry`, held by the cache (`held`) or
   * just read.
   */
  const send = (
    x: Exchange,
    verdict: Counted,
    entry: CachedResponse | undefined,
    fromCache: boolean,
  ): true => {
    const { req, res } = x;
    const held = fromCache ? entry : undefined;
    // A held answer's bytes are the cache's, which it reuses for answers it admits later. Written to the
    // connection at once (its response is the connection's current one), they are sent from there, and
    // kept while the socket has not taken them (below); a response waiting behind an earlier one on the
    // same connection (pipelining) gets a copy of its own. An answer just read is written as text.
    const borrowing = held !== undefined && res.socket !== null;
    const written =
      verdict.kind === 'limited' || !entry
        ? write.limited(res, verdict.decision)
        : write.ok(
            res,
            verdict.decision,
            entry.etag,
            !held ? textParts(entry) : borrowing ? encodedParts(held) : ownParts(encodedParts(held)),
            entry,
            compress ? acceptedCoding(x.acceptEncoding) : null,
          );
    if (borrowing && held && res.writableLength > 0) holdUntilClosed(cache, held, res);
    if (metrics && verdict.kind === 'admitted') {
      if (held) metrics.cacheHit();
      else metrics.cacheMiss();
    }
    onAnswered?.(answered(req, x.resolved.route.url, res, x.started!, verdict.key.id, written));
    return true;
  };

  /** An answer just read, as the cache is offered it (see `reads`). */
  const offered = (resolved: Resolved, text: string): CachedResponse => {
    const entry = cacheEntry(text, resolved.etag);
    reads += 1;
    // A cache that fails to store only misses next time; a full one keeps the answer only if it is
    // asked more often than what it would evict (MemoryResponseCache).
    if (reads - resolved.lastRead <= (cache.keeps?.(entry) ?? 0)) {
      if (cache.setNow) cache.setNow(resolved.key, entry);
      else cache.set(resolved.key, entry).catch(() => undefined);
    }
    resolved.lastRead = reads;
    return entry;
  };

  /**
   * A request counted and admitted: its answer read (at once, or later) and written; false when Fastify is
   * to answer it (anything but a 200 comes of the read), marked as counted already with what the read
   * threw, which Fastify's error handler answers without reading again.
   */
  const readAndSend = (x: Exchange, read: Answer, verdict: Counted): Maybe<boolean> => {
    const { resolved } = x;
    const toFastify = (failure: unknown) => {
      markAdmitted(x.req, verdict, failure);
      return false;
    };
    let text: Maybe<string>;
    try {
      text = read(resolved.params, resolved.query);
    } catch (failure) {
      return toFastify(failure);
    }
    const write200 = (body: string) => send(x, verdict, offered(resolved, body), false);
    return isPromise(text) ? text.then(write200, toFastify) : write200(text);
  };

  /** Ends a request the fast path took: Fastify answers what it declines later, or what failed. */
  const settle = (outcome: Maybe<boolean>, fallback: () => void): boolean => {
    if (!isPromise(outcome)) return outcome;
    outcome.then(
      (done) => done || fallback(),
      () => fallback(),
    );
    return true;
  };

  const answer = (req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean => {
    if (req.method !== 'GET') return false;
    const resolved = resolve(req.url ?? '');
    if (!resolved) return false;
    const headers = fastHeaders(req);
    if (headers.conditional || headers.crossOrigin) return false;
    const x: Exchange = {
      req,
      res,
      resolved,
      started: onAnswered && performance.now(),
      acceptEncoding: headers.acceptEncoding,
    };
    const now = Date.now();
    // Admission comes before validation, as on the full path: a refusal is the answer whatever else is wrong.
    const who = admission.identify(headers.authorization, now);
    // A key this process must look up (a database server): answered once it is known.
    const after = (identified: Identified | Refused): Maybe<boolean> => {
      if (identified.kind === 'refused') {
        const written = write.refusal(res, identified.refusal);
        onAnswered?.(answered(req, resolved.route.url, res, x.started!, null, written));
        return true;
      }
      return admitted(x, identified, isPromise(who) ? Date.now() : now);
    };
    if (!isPromise(who)) return settle(after(who), fallback);
    // A lookup that fails (a database that does not answer) is answered by Fastify's error handler, not
    // looked up again there.
    const looked = who.then(after, (failure: unknown) => {
      markAdmitted(req, undefined, failure);
      return false;
    });
    return settle(looked, fallback);
  };

  /** The rest of `answer` for a request from a known key. */
  const admitted = (x: Exchange, who: Identified, now: number): Maybe<boolean> => {
    const { resolved } = x;
    if (!resolved.valid) return false;
    const held = peek?.(resolved.key);
    if (held) {
      // A held answer whose count must wait (Redis, the cluster primary) is Fastify's, from the cache.
      const verdict = admission.countNow(who, now);
      if (!verdict || verdict.kind === 'refused') return false;
      return send(x, verdict, held, true);
    }
    const read = resolved.route.answer;
    if (!read) return false;
    // Counted before the read, so that a key over its limit reads nothing: its 429 is written at once.
    const decide = (verdict: Verdict): Maybe<boolean> => {
      if (verdict.kind === 'refused') return false;
      if (verdict.kind === 'limited') {
        return send(x, verdict, undefined, false);
      }
      return readAndSend(x, read, verdict);
    };
    const counted = admission.countNow(who, now);
    return counted ? decide(counted) : admission.count(who, now).then(decide);
  };

  return (req, res, fallback) => {
    try {
      return answer(req, res, fallback);
    } catch {
      // Thrown before anything was counted or sent (a read that throws after its count is marked
      // admitted in readAndSend): Fastify answers.
      return false;
    }
  };
}
