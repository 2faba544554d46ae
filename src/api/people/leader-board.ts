import type { LeaderType } from '../../vocabulary/people.js';
import type { NamedPlayer, Tally } from './player-figures.js';

/** How the board is ordered, as the answer states it. */
export const LEADER_TIEBREAK =
  'Equal values share a rank (1, 1, 3). Within a rank, fewer matches first (unknown last), then by name; ' +
  'the order within a rank is a listing order, not a ranking.';

export interface Leader {
  rank: number;
  player: NamedPlayer;
  team_ids: string[];
  value: number;
  /** Matches played (lineup rows) in the seasons counted, where every one of them has lineups. */
  matches: number | null;
}

const VALUE: Record<LeaderType, (t: Tally) => number> = {
  goals: (t) => t.goals,
  assists: () => 0,
  yellow_cards: (t) => t.yellow_cards,
  red_cards: (t) => t.red_cards,
};

/**
 * The board of one type over the given tallies (a season's, or every covered season's), a player's
 * tallies for several teams or seasons summed; players with nothing of that type are not listed. Entries
 * whose rank is within `limit` are kept, and at most `cap` entries in all (the last rank may be cut).
 */
export function leaderBoard(
  tallies: Iterable<Tally>,
  type: LeaderType,
  lineupsKnown: (seasonId: string, teamId: string) => boolean,
  limit: number,
  cap: number,
): { leaders: Leader[]; truncated: boolean } {
  const value = VALUE[type];
  const players = new Map<
    string,
    { player: NamedPlayer; teams: Set<string>; value: number; matches: number | null }
  >();
  for (const t of tallies) {
    const v = value(t);
    const key = t.player.id ?? `name:${t.team_id}:${t.player.name}`;
    let p = players.get(key);
    if (!p) players.set(key, (p = { player: t.player, teams: new Set(), value: 0, matches: 0 }));
    p.value += v;
    if (v > 0) p.teams.add(t.team_id);
    const known = lineupsKnown(t.season_id, t.team_id);
    p.matches = p.matches === null || !known ? null : p.matches + t.appearances;
  }
  const listed = [...players.values()]
    .filter((p) => p.value > 0)
    .sort(
      (a, b) =>
        b.value - a.value ||
        (a.matches ?? Number.MAX_SAFE_INTEGER) - (b.matches ?? Number.MAX_SAFE_INTEGER) ||
        a.player.name.localeCompare(b.player.name, 'en') ||
        (a.player.id ?? '').localeCompare(b.player.id ?? ''),
    );
  const leaders: Leader[] = [];
  let truncated = false;
  for (const [at, p] of listed.entries()) {
    const rank = at > 0 && listed[at - 1]!.value === p.value ? leaders[at - 1]!.rank : at + 1;
    if (rank > limit) break;
    if (leaders.length >= cap) {
      truncated = true;
      break;
    }
    leaders.push({
      rank,
      player: p.player,
      team_ids: [...p.teams].sort(),
      value: p.value,
      matches: p.matches,
    });
  }
  return { leaders, truncated };
}
