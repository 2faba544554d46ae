import { hash } from 'node:crypto';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { DatasetGeneration } from '../cache/dataset-generation.js';
import { RELEASE } from './release.js';

/**
 * Where a cached answer is filed, the one place that says so for the two that ask (the response cache,
 * the 304 judge at admission): the version of the data it shows (its route's declared scope), its key
 * (that version and the validated request) and its ETag.
 */

/** A cached route as its declaration gives it. */
export interface AddressedRoute {
  url: string;
  config: Pick<FastifyContextConfig, 'cacheScope' | 'cacheFollowsRuns'>;
  querySchema: { properties?: object } | undefined;
}

export interface AnswerAddress {
  version: string;
  key: string;
  etag: string;
}

/** The answer's address in `version` (see answerVersionOf). */
function addressIn(
  version: string,
  route: AddressedRoute,
  params: Readonly<Record<string, unknown>>,
  query: Readonly<Record<string, unknown>>,
): AnswerAddress {
  const key = cacheKeyOf(route.querySchema)(version, route.url, params, query);
  return { version, key, etag: etagOf(version, key) };
}

/** The version the answer of `route` with `params` is filed under now. */
function answerVersionOf(
  generation: DatasetGeneration,
  route: AddressedRoute,
  params: Readonly<Record<string, unknown>>,
): string {
  return answerVersion(generation, route.config.cacheFollowsRuns, answerScope(route.config, params));
}

/** The answer's address now: its version, key and ETag. */
function answerAddress(
  generation: DatasetGeneration,
  route: AddressedRoute,
  params: Readonly<Record<string, unknown>>,
  query: Readonly<Record<string, unknown>>,
): AnswerAddress {
  return addressIn(answerVersionOf(generation, route, params), route, params, query);
}

/**
 * Where the answer to `request` is filed, made once per request (and kept on it) when admission first
 * asks: null for a request that is not a GET (or HEAD) of a keyed, cached route, or whose parameters or query its
 * route's validators refuse (Fastify answers that 400 later, from the same functions). Validated on
 * copies, with the very functions Fastify compiled for the route (coercing and filling defaults as they
 * will on the request itself), since the answer is looked for before Fastify validates.
 */
export function requestAddress(request: FastifyRequest, generation: DatasetGeneration): AnswerAddress | null {
  if (request.cacheAddress === null) request.cacheAddress = addressOfRequest(request, generation) ?? false;
  return request.cacheAddress || null;
}

function addressOfRequest(request: FastifyRequest, generation: DatasetGeneration): AnswerAddress | undefined {
  const { config, url, schema } = request.routeOptions;
  // HEAD is GET without the body (Fastify's HEAD routes run the GET's handler): the same answer, ETag.
  const get = request.method === 'GET' || request.method === 'HEAD';
  if (!config.cache || config.public || !get || url === undefined) return undefined;
  const params = { ...(request.params as Record<string, unknown>) };
  const query = { ...(request.query as Record<string, unknown>) };
  const validParams = request.getValidationFunction('params');
  const validQuery = request.getValidationFunction('querystring');
  if ((validParams && !validParams(params)) || (validQuery && !validQuery(query))) return undefined;
  const route = { url, config, querySchema: schema?.querystring as object | undefined };
  return answerAddress(generation, route, params, query);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Where a cached route's answer is filed (requestAddress): null until asked, false for none. */
    cacheAddress: AnswerAddress | false | null;
  }
}

/** A request's cache key, from its generation, route, parameters and validated query. */
type CacheKeyOf = (
  generation: string,
  route: string,
  params: Readonly<Record<string, unknown>>,
  query: Readonly<Record<string, unknown>>,
) => string;

const keyBuilders = new WeakMap<object, CacheKeyOf>();

/**
 * Names a cached answer by what it answers, not by how the URL spelled it: the route, its parameters and
 * its query after validation (values coerced, defaults filled), in the order of the query schema's
 * names, sorted once per route. `limit=0100`, `%31%30%30` and a reordered query string take one entry,
 * so respelling a URL cannot flood the cache. Each value is written with its length before it, so no
 * value can pass for another's separator.
 */
function cacheKeyOf(querySchema: { properties?: object } | undefined): CacheKeyOf {
  const schema = querySchema ?? {};
  let build = keyBuilders.get(schema);
  if (!build) {
    const names = Object.keys(schema.properties ?? {}).sort();
    build = (generation, route, params, query) => {
      let key = `${generation} ${route}`;
      for (const name in params) {
        const value = String(params[name]);
        key += ` ${value.length}:${value}`;
      }
      for (const name of names) {
        const raw = query[name];
        if (raw === undefined) continue;
        const value = String(raw);
        key += ` ${name}=${value.length}:${value}`;
      }
      return key;
    };
    keyBuilders.set(schema, build);
  }
  return build;
}

/**
 * The weak ETag of the 200 a cache key names, in a version of the data it shows (answerVersionOf). Every
 * answer is a function of the stored data, whose changes move the versions of what they change, and of
 * the validated request (the key), so the tag is made from those, and the release, rather than from the
 * body: it costs a hash of a hundred bytes, not of the whole body, and both paths make the same one.
 */
export function etagOf(generation: string, key: string): string {
  return `W/"${generation}-${hash('sha1', `${RELEASE} ${key}`, 'base64url').slice(0, 22)}"`;
}

/**
 * The records a cached answer is about, as its route declares them (`cacheScope`: the path parameters
 * naming them): the IDs its version is read by (DatasetGeneration.versionOf), so that it stays cached
 * while other records change. Everything else an answer shows of other records changes only with a
 * change of everything (the writers say so: src/projections), such as a rename or a competition's
 * coverage flag turning. A route that declares no scope is about many records (a list, a search,
 * coverage) and follows every change.
 */
function answerScope(
  config: Pick<FastifyContextConfig, 'cacheScope'>,
  params: Readonly<Record<string, unknown>>,
): string[] {
  return (config.cacheScope ?? []).map((name) => String(params[name]));
}

/**
 * The version a cached answer is keyed and tagged on: of the records it is about, or, for a route whose
 * answer follows the ingestion runs themselves (`cacheFollowsRuns`), of the log and the newest run.
 */
function answerVersion(
  generation: DatasetGeneration,
  followsRuns: boolean | undefined,
  scope: readonly string[],
): string {
  return followsRuns ? generation.withRuns : generation.versionOf(scope);
}

/** Path parameters of a route URL as find-my-way reads them (`:name`). */
function pathParams(url: string): Set<string> {
  return new Set([...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!));
}

/**
 * Refuses, when a route is added, a cache scope naming what its path does not hold: such an answer would
 * be versioned by an ID that is always "undefined" and never move with its records.
 */
export function checkCacheScope(url: string, config: FastifyContextConfig | undefined): void {
  const scope = config?.cacheScope;
  if (!scope) return;
  if (!config.cache) throw new Error(`route ${url}: cacheScope without cache`);
  const params = pathParams(url);
  for (const name of scope) {
    if (!params.has(name))
      throw new Error(`route ${url}: cacheScope names ${name}, not a parameter of its path`);
  }
}
