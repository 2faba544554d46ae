import { COMPETITION_EXAMPLES } from './competitions.js';
import type { ExampleBodies } from './example-bodies.js';
import { MATCH_DETAIL_EXAMPLES } from './match-details.js';
import { MATCH_EXAMPLES } from './matches.js';
import { LIVE_STREAM_EXAMPLES } from './live-stream.js';
import { PLATFORM_EXAMPLES } from './platform.js';
import { TEAM_EXAMPLES } from './teams.js';

/**
 * Real answers of a server holding the World Cups (Fjelstul, worldcup.json) and the Premier League
 * 2024/25 (openfootball, football-data), captured once and trimmed: documentation of what a client
 * gets, not data the tests rely on (test/api/openapi-responses.test.ts holds each to its route's schema).
 */
const CAPTURED: ExampleBodies = {
  ...PLATFORM_EXAMPLES,
  ...COMPETITION_EXAMPLES,
  ...MATCH_EXAMPLES,
  ...MATCH_DETAIL_EXAMPLES,
  ...TEAM_EXAMPLES,
  ...LIVE_STREAM_EXAMPLES,
};

/** The live-* routes answer what their namesakes do (the beta carries no live data: docs/api.md). */
const LIVE = /\/live-([a-z-]+)$/;

/** The example body of a route's answer with `status` (a path under the API prefix), when captured. */
export function capturedExample(path: string, status: string): unknown {
  return (CAPTURED[path] ?? CAPTURED[path.replace(LIVE, '/$1')])?.[status];
}
