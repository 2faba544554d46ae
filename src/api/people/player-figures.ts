import { bestSourceRows, rowsInState } from '../../provenance/pick-source.js';
import { sourceRank } from '../../provenance/sources.js';
import { sourceRecords } from '../../provenance/timeline-kinds.js';
import type { EventRow, LineupRow } from '../../storage/repositories/match-detail.repository.js';
import type { FigureMatch } from '../../storage/repositories/player-figures.repository.js';
import { foldText } from '../../text/fold.js';
import type { LeaderType } from '../../vocabulary/people.js';

/** Counted as a goal: a goal in play, a penalty in play; never an own goal or a shoot-out kick. */
const GOALS = new Set(['goal', 'penalty_goal']);
/** A second yellow counts as a yellow and as a red card, as the match player statistics count it. */
const YELLOWS = new Set(['yellow_card', 'second_yellow_card']);
const REDS = new Set(['red_card', 'second_yellow_card']);

/** A player as the timelines name them: their record, or the name a source gives without one. */
export interface NamedPlayer {
  id: string | null;
  name: string;
}

/** One player's figures for one team in one season, counted from the matches' best sources. */
export interface Tally {
  player: NamedPlayer;
  season_id: string;
  team_id: string;
  appearances: number;
  starts: number;
  goals: number;
  penalty_goals: number;
  own_goals: number;
  yellow_cards: number;
  red_cards: number;
  /** Matches the player has a lineup row in. */
  matches: Set<string>;
}

/** Whether the matches of a team's season show each kind of figure for every match it played. */
export interface TeamSeasonCoverage {
  lineups: boolean;
  goals: boolean;
  yellow_cards: boolean;
  red_cards: boolean;
}

const playerKey = (p: NamedPlayer, teamId: string) => p.id ?? `name:${teamId}:${foldText(p.name)}`;

/** A match is over when its result stands: what the figures count. */
const over = (m: FigureMatch) => m.status === 'finished';

/** Each match's events of the best-ranked source that it shows in its state (the timeline's own rule). */
export function timelineOf(
  matches: readonly FigureMatch[],
  events: readonly EventRow[],
): Map<string, readonly EventRow[]> {
  const byMatch = new Map<string, EventRow[]>();
  for (const e of events) {
    const list = byMatch.get(e.match_id);
    if (list) list.push(e);
    else byMatch.set(e.match_id, [e]);
  }
  const out = new Map<string, readonly EventRow[]>();
  for (const m of matches) out.set(m.id, bestSourceRows(rowsInState(byMatch.get(m.id) ?? [], m.status)));
  return out;
}

/** The best-ranked source of a match's timeline, or null when it has none. */
function timelineSource(m: FigureMatch): string | null {
  if (m.event_sources.length === 0) return null;
  return m.event_sources.reduce((a, b) => (sourceRank(b) < sourceRank(a) ? b : a));
}

/**
 * Whether a team's (or with `teamId` null, every team's) matches of a season record a kind of figure:
 * every match over in which goals were scored has a timeline, the source of each timeline records that
 * kind (a goalless match without one counts as recorded), and at least one timeline's source records it;
 * for lineups, every match over has the team's lineup (both teams' for a whole season). A season with no
 * match over records nothing.
 */
export function coverageOf(matches: readonly FigureMatch[], teamId: string | null): TeamSeasonCoverage {
  const played = matches.filter(
    (m) => over(m) && (teamId === null || m.home_team_id === teamId || m.away_team_id === teamId),
  );
  const none = played.length === 0;
  const records = (kind: LeaderType) =>
    !none &&
    played.some((m) => {
      const source = timelineSource(m);
      return source !== null && sourceRecords(source, kind);
    }) &&
    played.every((m) => {
      const source = timelineSource(m);
      if (source === null) return (m.home_score ?? 0) + (m.away_score ?? 0) === 0;
      return sourceRecords(source, kind);
    });
  const lineups =
    !none &&
    played.every((m) =>
      teamId === null
        ? m.home_lineup === 1 && m.away_lineup === 1
        : (m.home_team_id === teamId ? m.home_lineup : m.away_lineup) === 1,
    );
  return {
    lineups,
    goals: records('goals'),
    yellow_cards: records('yellow_cards'),
    red_cards: records('red_cards'),
  };
}

/**
 * Every player's figures per season and team, from the matches' lineups and best-source timelines. An
 * event's player is its own or the player its name was linked to; a name no record stands for is counted
 * under that name within its team. An own goal's scorer plays for the side the goal does not count for.
 */
export function tally(
  matches: readonly FigureMatch[],
  timelines: ReadonlyMap<string, readonly EventRow[]>,
  lineups: readonly LineupRow[],
): Map<string, Tally> {
  const byId = new Map(matches.map((m) => [m.id, m]));
  const tallies = new Map<string, Tally>();
  const entry = (player: NamedPlayer, seasonId: string, teamId: string) => {
    const key = `${seasonId}|${teamId}|${playerKey(player, teamId)}`;
    let t = tallies.get(key);
    if (!t) {
      t = {
        player,
        season_id: seasonId,
        team_id: teamId,
        appearances: 0,
        starts: 0,
        goals: 0,
        penalty_goals: 0,
        own_goals: 0,
        yellow_cards: 0,
        red_cards: 0,
        matches: new Set(),
      };
      tallies.set(key, t);
    }
    return t;
  };
  const lineupsBy = new Map<string, LineupRow[]>();
  for (const r of lineups) {
    const list = lineupsBy.get(r.match_id);
    if (list) list.push(r);
    else lineupsBy.set(r.match_id, [r]);
  }
  for (const m of matches) {
    if (!over(m)) continue;
    for (const r of bestSourceRows(lineupsBy.get(m.id) ?? [])) {
      const t = entry({ id: r.player_id, name: r.player_name }, m.season_id, r.team_id);
      if (t.matches.has(m.id)) continue;
      t.matches.add(m.id);
      t.appearances += 1;
      if (r.role === 'starting') t.starts += 1;
    }
  }
  for (const [matchId, rows] of timelines) {
    const m = byId.get(matchId);
    if (!m || !over(m)) continue;
    for (const e of rows) {
      if (e.period === 'penalty_shootout' || e.team_id === null) continue;
      const counted = GOALS.has(e.type) || e.type === 'own_goal' || YELLOWS.has(e.type) || REDS.has(e.type);
      if (!counted) continue;
      const id = e.player_id ?? e.linked_player_id;
      if (id === null && e.player_name === null) continue;
      const other = e.team_id === m.home_team_id ? m.away_team_id : m.home_team_id;
      const team = e.type === 'own_goal' ? other : e.team_id;
      const t = entry({ id, name: e.player_name ?? '' }, m.season_id, team);
      if (GOALS.has(e.type)) t.goals += 1;
      if (e.type === 'penalty_goal') t.penalty_goals += 1;
      if (e.type === 'own_goal') t.own_goals += 1;
      if (YELLOWS.has(e.type)) t.yellow_cards += 1;
      if (REDS.has(e.type)) t.red_cards += 1;
    }
  }
  return tallies;
}
