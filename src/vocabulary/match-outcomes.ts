/**
 * How a match's result reads beside its score (docs/api.md, "Score breakdown"): who won it and what
 * decided it. Shared by representation/ (the match's JSON), api/ (its schema) and live/ (the stream's
 * state) so that none defines the words again.
 */

/** The side that won, or `draw`; a match's `winner` is null while no result is known. */
export const MATCH_WINNERS = ['home', 'away', 'draw'] as const;
export type MatchWinner = (typeof MATCH_WINNERS)[number];

/**
 * What settled the result: the 90 minutes, extra time, a penalty shoot-out, or a decision off the pitch
 * (an awarded result). Null while the match is not finished, or when the source does not say whether
 * extra time was played (a final score alone).
 */
export const DECIDED_BY = ['regular_time', 'extra_time', 'penalties', 'awarded'] as const;
export type DecidedBy = (typeof DECIDED_BY)[number];
