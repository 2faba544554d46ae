import type { FastifyContextConfig } from 'fastify';
import type { DatasetGeneration } from '../cache/dataset-generation.js';

/**
 * The records a cached answer is about, as its route declares them (`cacheScope`: the path parameters
 * naming them): the IDs its version is read by (DatasetGeneration.versionOf), so that it stays cached
 * while other records change. Everything else an answer shows of other records changes only with a
 * change of everything (the writers say so: src/projections), such as a rename or a competition's
 * coverage flag turning. A route that declares no scope is about many records (a list, a search,
 * coverage) and follows every change.
 */
export function answerScope(
  config: Pick<FastifyContextConfig, 'cacheScope'>,
  params: Readonly<Record<string, unknown>>,
): string[] {
  return (config.cacheScope ?? []).map((name) => String(params[name]));
}

/**
 * The version a cached answer is keyed and tagged on: of the records it is about, or, for a route whose
 * answer follows the ingestion runs themselves (`cacheFollowsRuns`), of the log and the newest run.
 */
export function answerVersion(
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
