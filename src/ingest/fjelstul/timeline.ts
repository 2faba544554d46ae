import { eachRow, RowError, type Row, type Sheet } from './csv-sheet.js';
import type { EventLog } from './event-log.js';
import { eventTime } from './event-time.js';
import type { Matches } from './matches.js';
import type { Players } from './players.js';

type Credit = (id: string) => void;

/**
 * Goals: `own_goal` -> own_goal, `penalty` -> penalty_goal, else goal. The team is the one the goal counts
 * for (for an own goal, the scorer's opponents).
 */
export function loadGoals(sheet: Sheet, matches: Matches, players: Players, log: EventLog, credit: Credit) {
  eachRow(sheet, (row) => {
    const match = matches.ref(row);
    const time = eventTime(row);
    const ownGoal = row.flag('own_goal');
    const penalty = row.flag('penalty');
    if (ownGoal && penalty) throw new RowError('both own_goal and penalty');
    credit(
      log.add({
        matchId: match.id,
        kind: 'goal',
        key: row.required('goal_id'),
        type: ownGoal ? 'own_goal' : penalty ? 'penalty_goal' : 'goal',
        ...time,
        teamId: matches.side(match, row),
        playerId: players.resolve(row),
      }),
    );
  });
}

/** Cards per match side, for team statistics. */
export interface Booking {
  matchId: string;
  teamId: string;
  playerId: string;
  /** The player was shown a (first) yellow card: a caution, or the first of two yellows. */
  cautioned: boolean;
  sentOff: boolean;
}

/**
 * The card a booking row stands for. A second yellow is one row (the first yellow has no row of its own,
 * with one exception in 1990); a row flagged both yellow and red is a straight red for a player booked
 * earlier in the match, whose yellow has no row either: its detail says so.
 */
export function bookingType(row: Row): { type: string; detail: string | null; cautioned: boolean } {
  const yellow = row.flag('yellow_card');
  const red = row.flag('red_card');
  const secondYellow = row.flag('second_yellow_card');
  const sentOff = row.flag('sending_off');
  if (secondYellow || (yellow && sentOff && !red)) {
    return { type: 'second_yellow_card', detail: null, cautioned: true };
  }
  if (red) return { type: 'red_card', detail: yellow ? 'after a yellow card' : null, cautioned: yellow };
  if (yellow) return { type: 'yellow_card', detail: null, cautioned: true };
  throw new RowError('neither a yellow nor a red card');
}

export function loadBookings(
  sheet: Sheet,
  matches: Matches,
  players: Players,
  log: EventLog,
  credit: Credit,
): Booking[] {
  const bookings: Booking[] = [];
  eachRow(sheet, (row) => {
    const match = matches.ref(row);
    const time = eventTime(row);
    const card = bookingType(row);
    const teamId = matches.side(match, row);
    const playerId = players.resolve(row);
    credit(
      log.add({
        matchId: match.id,
        kind: 'booking',
        key: row.required('booking_id'),
        type: card.type,
        ...time,
        teamId,
        playerId,
        detail: card.detail,
      }),
    );
    const sentOff = card.type !== 'yellow_card';
    bookings.push({ matchId: match.id, teamId, playerId, cautioned: card.cautioned, sentOff });
  });
  return bookings;
}

/**
 * Shoot-out kicks. The file lists each team's kicks in their order, one team after the other, and does not
 * say which team kicked first: kicks are ordered by round (each side's first kick, then each side's
 * second, ...), the home side first within a round. No minute or label; detail scored or missed.
 */
export function loadShootouts(
  sheet: Sheet,
  matches: Matches,
  players: Players,
  log: EventLog,
  credit: Credit,
) {
  const kicksTaken = new Map<string, number>();
  eachRow(sheet, (row) => {
    const match = matches.ref(row);
    const teamId = matches.side(match, row);
    const playerId = players.resolve(row);
    const scored = row.flag('converted');
    const key = `${match.id}|${teamId}`;
    const round = (kicksTaken.get(key) ?? 0) + 1;
    kicksTaken.set(key, round);
    credit(
      log.add({
        matchId: match.id,
        kind: 'shootout',
        key: row.required('penalty_kick_id'),
        type: 'shootout_kick',
        period: 'penalty_shootout',
        minute: null,
        stoppage: null,
        label: null,
        teamId,
        playerId,
        detail: scored ? 'scored' : 'missed',
        seq: round * 2 + (teamId === match.homeTeamId ? 0 : 1),
      }),
    );
  });
}
