import type { LivePeriod } from '../vocabulary/event-types.js';
import type { EventRow } from '../storage/repositories/match-detail.repository.js';

/** The sides' names, as the replay's lines show them. */
export interface Names {
  home: string;
  away: string;
}

/** `Argentina 2-0 France`. */
export function scoreline(names: Names, score: { home: number; away: number }): string {
  return `${names.home} ${score.home}-${score.away} ${names.away}`;
}

export const PERIOD_START_TEXT: Record<LivePeriod, string> = {
  first_half: 'kick-off',
  second_half: 'second half',
  extra_time_first_half: 'extra time',
  extra_time_second_half: 'extra time, second half',
};

export const PERIOD_END_TEXT: Record<LivePeriod, string> = {
  first_half: 'half-time',
  second_half: 'end of normal time',
  extra_time_first_half: 'half-time in extra time',
  extra_time_second_half: 'end of extra time',
};

const who = (row: EventRow) => row.player_name ?? 'unknown player';

/** What a stored event is, in a few words: `penalty goal, Lionel Messi (Argentina): Argentina 1-0 France`. */
export function describeEvent(row: EventRow, names: Names, score: { home: number; away: number } | null) {
  const team = row.team_name ?? 'unknown team';
  const what = row.type.replace(/_/g, ' ');
  let text: string;
  if (row.type === 'own_goal') text = `own goal, ${who(row)} (for ${team})`;
  else if (row.type === 'substitution') {
    const off = row.related_player_name ? `, ${row.related_player_name} off` : '';
    text = `substitution (${team}): ${row.player_name ?? 'unknown player'} on${off}`;
  } else text = `${what}, ${who(row)} (${team})`;
  return score ? `${text}: ${scoreline(names, score)}` : text;
}

/** A shoot-out kick: `shoot-out kick, Lionel Messi (Argentina): scored`. */
export function describeKick(row: EventRow): string {
  return `shoot-out kick, ${who(row)} (${row.team_name ?? 'unknown team'})${row.detail ? `: ${row.detail}` : ''}`;
}
