/**
 * The statuses a match has, in the API and in storage: `unknown` when no source says (src/ingest/match-status.ts
 * reads them from each source). Shared by api/, ingest/ and live/ so that none imports another's for it.
 */
export const MATCH_STATUSES = ['scheduled', 'live', 'finished', 'postponed', 'canceled', 'unknown'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** The statuses a live update may set: the API's, but `unknown`, which is what no operator says. */
export const LIVE_STATUSES = ['scheduled', 'live', 'finished', 'postponed', 'canceled'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

/**
 * The statuses of matches still to be played: a season with one is current. The counts of ingestion
 * and of live updates both read it (src/storage/repositories/derived-counts.ts, src/projections).
 */
export const OPEN_STATUSES: readonly MatchStatus[] = ['scheduled', 'live', 'postponed'];
