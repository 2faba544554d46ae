import { SOURCE_NAMES } from '../source-precedence.js';
import { stableId } from '../identity/stable-id.js';

/**
 * IDs of the records a feed creates, from the operator's keys: a key is the operator's identity for its
 * record, so the ID never moves when a fixture is moved to another day, a team renamed or a document
 * re-ingested. Keys are one namespace per Touchline: the same key in two feed documents is one record.
 */
export const FEED_SOURCE = SOURCE_NAMES.feed;

/** The alias scope of the feed's team keys (`team_aliases`), apart from every scope of names. */
export const TEAM_KEY_SCOPE = 'feed';

/** A feed competition's code: its key in a namespace no other source's codes (`en.1`, `fifa.wc`) use. */
export function feedCompetitionCode(key: string): string {
  return `feed:${key}`;
}

/** As every source derives a competition's ID: from its code. */
export function competitionIdOf(code: string): string {
  return stableId('comp', code);
}

/**
 * As every source derives a season's ID: its competition's code and the season key, so a season the feed
 * adds to a stored competition is the season that competition's own source gives the same key.
 */
export function seasonIdOf(competitionCode: string, seasonKey: string): string {
  return stableId('season', `${competitionCode}:${seasonKey}`);
}

export function feedTeamId(key: string): string {
  return stableId('team', `feed:${key}`);
}

export function feedMatchId(key: string): string {
  return stableId('match', `feed:${key}`);
}

/** The ID of a match's `match_sources` row from the feed: one feed key per match. */
export function matchSourceId(matchId: string): string {
  return `${matchId}:${FEED_SOURCE}`;
}
