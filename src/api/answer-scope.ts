import type { DatasetGeneration } from '../cache/dataset-generation.js';

/**
 * The records a cached answer is about, when it is about a few named in its path: the IDs its version is
 * read by (DatasetGeneration.versionOf), so that it stays cached while other records change. Everything
 * else an answer shows of other records changes only with a change of everything (the writers say so:
 * src/ingest/run-invalidation.ts, src/live/apply-update.ts), such as a rename or a competition's coverage
 * flag turning. An answer about many records (a list, a search, coverage) names none and follows every
 * change. Routes not listed here are of that kind.
 */
const SCOPED: Readonly<Record<string, readonly string[]>> = {
  '/football/matches/:match_id': ['match_id'],
  '/football/teams/:team_id': ['team_id'],
  '/football/competitions/:competition_id': ['competition_id'],
  // A table shows its season's matches, and what its competition counts (its coverage flag, basis).
  '/football/competitions/:competition_id/seasons/:season_id/standings': ['competition_id', 'season_id'],
};

/** The match's sub-resources (timeline, lineups, statistics): about the match alone. */
const MATCH_DETAIL = /^\/football\/matches\/:match_id\/[a-z-]+$/;

/**
 * The IDs of the records the answer of `route` (as registered, under the API's prefix) with `params` is
 * about; none when it is about many.
 */
export function answerScope(route: string, params: Readonly<Record<string, unknown>>): string[] {
  return scopeNames(route).map((name) => String(params[name]));
}

/** Each route's ID parameters that name its answer's records, worked out at the route's first request. */
const namesOfRoute = new Map<string, readonly string[]>();

function scopeNames(route: string): readonly string[] {
  let names = namesOfRoute.get(route);
  if (!names) {
    const path = route.slice(Math.max(0, route.indexOf('/football/')));
    names = SCOPED[path] ?? (MATCH_DETAIL.test(path) ? SCOPED['/football/matches/:match_id']! : []);
    namesOfRoute.set(route, names);
  }
  return names;
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
