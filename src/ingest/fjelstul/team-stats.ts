import type { MatchTeamStatsRecord } from '../canonical.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import type { MatchRef } from './matches.js';
import type { Booking } from './timeline.js';

/** The database records bookings from 1970, when yellow and red cards were introduced. */
export const BOOKINGS_FROM_YEAR = '1970';

/**
 * Card counts per team and match, from bookings.csv: `yellow_cards` = players shown a yellow card (a
 * caution, or the first yellow of two), so a second yellow is not counted again as a yellow;
 * `red_cards` = players sent off (straight red or second yellow). Every match from 1970 gets a row for
 * each side, 0 where the side had no booking (bookings are complete there). Earlier matches get none:
 * the database has no bookings or sendings-off before 1970, and unknown is not zero. The other
 * statistics are null: the database has none.
 */
export function cardStats(matches: Iterable<MatchRef>, bookings: readonly Booking[]): MatchTeamStatsRecord[] {
  const cautioned = new Map<string, Set<string>>();
  const sentOff = new Map<string, Set<string>>();
  const mark = (map: Map<string, Set<string>>, side: string, player: string) => {
    let players = map.get(side);
    if (!players) map.set(side, (players = new Set()));
    players.add(player);
  };
  for (const b of bookings) {
    const side = `${b.matchId}|${b.teamId}`;
    if (b.cautioned) mark(cautioned, side, b.playerId);
    if (b.sentOff) mark(sentOff, side, b.playerId);
  }
  const out: MatchTeamStatsRecord[] = [];
  for (const match of matches) {
    if (match.edition.year < BOOKINGS_FROM_YEAR) continue;
    for (const [team, opponent] of [
      [match.homeTeamId, match.awayTeamId],
      [match.awayTeamId, match.homeTeamId],
    ] as const) {
      const side = `${match.id}|${team}`;
      out.push({
        id: `${SOURCE_NAMES.fjelstul}:${match.localDate}:${team}:${opponent}`,
        match_date: match.localDate,
        team_id: team,
        opponent_team_id: opponent,
        corners: null,
        shots_total: null,
        shots_on_target: null,
        shots_inside_box: null,
        possession_percent: null,
        passes_accuracy_percent: null,
        expected_goals: null,
        yellow_cards: cautioned.get(side)?.size ?? 0,
        red_cards: sentOff.get(side)?.size ?? 0,
        source: SOURCE_NAMES.fjelstul,
      });
    }
  }
  return out;
}
