import type { Kysely } from 'kysely';
import { attributionsFor } from '../../provenance/sources.js';
import {
  eventsForMatches,
  figureMatches,
  lineupsForMatches,
  namesOf,
  type FigureMatch,
} from '../../storage/repositories/player-figures.repository.js';
import type { Database } from '../../storage/schema.js';
import type { LeaderType } from '../../vocabulary/people.js';
import { leaderBoard } from './leader-board.js';
import { coverageOf, tally, timelineOf } from './player-figures.js';

/** Entries a board lists at most, whatever the ties at its last rank. */
export const LEADERS_CAP = 200;

function bySeason(matches: readonly FigureMatch[]): Map<string, FigureMatch[]> {
  const out = new Map<string, FigureMatch[]>();
  for (const m of matches) out.set(m.season_id, [...(out.get(m.season_id) ?? []), m]);
  return out;
}

/**
 * A leader board of a competition's season (`seasonId`) or of every season: counted only over the
 * seasons whose timelines cover the type (coverageOf, for the whole season); none covered answers an
 * empty board. A player's matches are their lineup rows, known where the lineups cover their team's
 * season.
 */
export async function competitionLeaders(
  db: Kysely<Database>,
  scope: { competitionId: string; seasonId?: string },
  type: LeaderType,
  limit: number,
) {
  const matches = await figureMatches(db, scope);
  const seasons = bySeason(matches);
  // No source records assists (provenance/timeline-kinds.ts): that board is never covered.
  const covers = (ms: FigureMatch[]) => type !== 'assists' && coverageOf(ms, null)[type];
  const covered = new Set([...seasons].filter(([, ms]) => covers(ms)).map(([id]) => id));
  const counted = matches.filter((m) => covered.has(m.season_id));
  const ids = counted.map((m) => m.id);
  const events = ids.length === 0 ? [] : await eventsForMatches(db, ids);
  const lineups = ids.length === 0 ? [] : await lineupsForMatches(db, ids);
  const timelines = timelineOf(counted, events);
  const tallies = tally(counted, timelines, lineups);
  const known = new Map<string, boolean>();
  const lineupsKnown = (seasonId: string, teamId: string) => {
    const key = `${seasonId}|${teamId}`;
    let k = known.get(key);
    if (k === undefined) known.set(key, (k = coverageOf(seasons.get(seasonId) ?? [], teamId).lineups));
    return k;
  };
  const board = leaderBoard(tallies.values(), type, lineupsKnown, limit, LEADERS_CAP);
  const names = await namesOf(db, { seasons: [], teams: board.leaders.flatMap((l) => l.team_ids) });
  const sources = new Set<string>();
  for (const rows of timelines.values()) for (const e of rows) sources.add(e.source);
  return {
    seasonsCounted: covered.size,
    truncated: board.truncated,
    attribution: attributionsFor(sources),
    leaders: board.leaders.map((l) => ({
      rank: l.rank,
      player: l.player,
      teams: l.team_ids.map((id) => ({ id, name: names.teams.get(id) ?? '' })),
      value: l.value,
      matches: l.matches,
    })),
  };
}
