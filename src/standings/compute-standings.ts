import { rank, type Result } from './tiebreak.js';
import type { AwardedResult, PointsAdjustment, TableRules } from './table-rules.js';
import { tableStage } from './table-stages.js';

/** A stored match of the season, as the computation needs it. */
export interface SeasonMatch {
  home: string;
  away: string;
  status: string;
  homeGoals: number | null;
  awayGoals: number | null;
  stage: string | null;
  round: string | null;
  /** ISO kick-off; its first ten characters are the date. */
  startsAt: string;
}

export interface ComputedRow {
  position: number;
  group: string | null;
  team: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
  /** The last five results, most recent last (W, D, L); null before a first result. */
  form: string | null;
}

export interface AppliedAdjustment {
  team: string;
  points: number;
  reason: string;
  reference: string;
}

export interface SeasonInput {
  matches: readonly SeasonMatch[];
  /** Team IDs in the order that breaks a complete tie (by name). */
  teamOrder: readonly string[];
  /** Whether the competition is a league (a bare "Round 3" is then a matchday). */
  league: boolean;
  rules: TableRules;
  /** This season's adjustments, their teams resolved to IDs. */
  points: ReadonlyArray<PointsAdjustment & { teamId: string }>;
  awarded: ReadonlyArray<AwardedResult & { homeId: string; awayId: string }>;
}

interface Group {
  label: string | null;
  firstKickOff: string;
  teams: Set<string>;
  /** Counted results in kick-off order. */
  results: Array<Result & { startsAt: string }>;
}

/** Counted: finished with a score, or awarded. Postponed, cancelled and unplayed matches are not. */
function counted(match: SeasonMatch, awarded: SeasonInput['awarded']): Result | undefined {
  const date = match.startsAt.slice(0, 10);
  const award = awarded.find(
    (a) => a.homeId === match.home && a.awayId === match.away && (a.date === undefined || a.date === date),
  );
  if (award)
    return { home: match.home, away: match.away, homeGoals: award.homeGoals, awayGoals: award.awayGoals };
  if (match.status !== 'finished' || match.homeGoals === null || match.awayGoals === null) return undefined;
  return { home: match.home, away: match.away, homeGoals: match.homeGoals, awayGoals: match.awayGoals };
}

/**
 * The groups of a stage whose groups the source leaves unnamed: teams that played each other, directly
 * or through others, are one group. Numbered by first kick-off, never lettered: a letter would be a guess.
 */
function unnamedGroupOf(
  team: string,
  links: Map<string, Set<string>>,
  seen: Map<string, number>,
  next: number,
) {
  const stack = [team];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.set(current, next);
    for (const other of links.get(current) ?? []) stack.push(other);
  }
}

/**
 * Play-offs played inside a group stage (World Cups 1954 and 1958: two teams level met again, under the
 * group's name): in a group where every pair meets the same number of times, a pair's meeting beyond
 * that number. They decided places, but published group tables leave them out, and so do these.
 */
function groupPlayOffs(placed: ReadonlyArray<{ match: SeasonMatch; label: string | null | undefined }>) {
  const meetings = new Map<string, Map<string, SeasonMatch[]>>();
  for (const { match, label } of placed) {
    if (label === undefined || label === null) continue;
    const pair = match.home < match.away ? `${match.home} ${match.away}` : `${match.away} ${match.home}`;
    if (!meetings.has(label)) meetings.set(label, new Map());
    const pairs = meetings.get(label)!;
    if (!pairs.has(pair)) pairs.set(pair, []);
    pairs.get(pair)!.push(match);
  }
  const playOffs = new Set<SeasonMatch>();
  for (const pairs of meetings.values()) {
    const usual = Math.min(...[...pairs.values()].map((m) => m.length));
    for (const matches of pairs.values()) matches.slice(usual).forEach((m) => playOffs.add(m));
  }
  return playOffs;
}

function groupsOf(input: SeasonInput): { groups: Group[]; split: boolean } {
  const byLabel = new Map<string, Group>();
  const links = new Map<string, Set<string>>();
  let split = false;
  const sorted = [...input.matches].sort((a, b) =>
    a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0,
  );
  const placed: Array<{ match: SeasonMatch; label: string | null | undefined }> = [];
  for (const match of sorted) {
    const stage = tableStage(match.stage, match.round, input.league);
    if (stage.kind === 'split') split = true;
    if (stage.kind === 'table') placed.push({ match, label: stage.group });
    if (stage.kind === 'unnamed-group') {
      placed.push({ match, label: undefined });
      for (const [a, b] of [
        [match.home, match.away],
        [match.away, match.home],
      ] as const) {
        if (!links.has(a)) links.set(a, new Set());
        links.get(a)!.add(b);
      }
    }
  }
  const component = new Map<string, number>();
  let components = 0;
  for (const { match, label } of placed) {
    if (label === undefined && !component.has(match.home)) {
      components += 1;
      unnamedGroupOf(match.home, links, component, components);
    }
  }
  const playOffs = input.league ? new Set<SeasonMatch>() : groupPlayOffs(placed);
  for (const { match, label } of placed) {
    if (playOffs.has(match)) continue;
    const name = label === undefined ? `Unnamed group ${component.get(match.home)}` : label;
    const key = name ?? '';
    let group = byLabel.get(key);
    if (!group) {
      group = { label: name, firstKickOff: match.startsAt, teams: new Set(), results: [] };
      byLabel.set(key, group);
    }
    group.teams.add(match.home);
    group.teams.add(match.away);
    const result = counted(match, input.awarded);
    if (result) group.results.push({ ...result, startsAt: match.startsAt });
  }
  const groups = [...byLabel.values()].sort((a, b) => {
    if (a.label === null || b.label === null) return a.label === null ? -1 : 1;
    return a.firstKickOff < b.firstKickOff
      ? -1
      : a.firstKickOff > b.firstKickOff
        ? 1
        : a.label < b.label
          ? -1
          : 1;
  });
  return { groups, split };
}

function formOf(team: string, results: Group['results']): string | null {
  const letters = results
    .filter((r) => r.home === team || r.away === team)
    .slice(-5)
    .map((r) => {
      const [mine, theirs] = r.home === team ? [r.homeGoals, r.awayGoals] : [r.awayGoals, r.homeGoals];
      return mine > theirs ? 'W' : mine < theirs ? 'L' : 'D';
    });
  return letters.length > 0 ? letters.join('') : null;
}

/**
 * A season's tables computed from its stored results: one per group of a group stage, one for a league
 * (labelled "Regular season" when the league then splits, since the phases after the split carry points
 * by rules not computed here), none for knockout rounds. Every team of a table's matches has a row, with
 * zeros before its first result. Points adjustments apply in every table of the season holding the team.
 */
export function computeStandings(input: SeasonInput): { rows: ComputedRow[]; applied: AppliedAdjustment[] } {
  const { groups, split } = groupsOf(input);
  const scoring = { win: input.rules.pointsForWin, draw: input.rules.pointsForDraw };
  const rows: ComputedRow[] = [];
  const applied = new Map<PointsAdjustment, AppliedAdjustment>();
  for (const group of groups) {
    const label = group.label === null && split ? 'Regular season' : group.label;
    const teams = input.teamOrder.filter((team) => group.teams.has(team));
    const bonus = new Map<string, number>();
    for (const adjustment of input.points) {
      if (!group.teams.has(adjustment.teamId)) continue;
      bonus.set(adjustment.teamId, (bonus.get(adjustment.teamId) ?? 0) + adjustment.points);
      const { teamId, points, reason, reference } = adjustment;
      applied.set(adjustment, { team: teamId, points, reason, reference });
    }
    const { order, tallies } = rank(teams, group.results, scoring, input.rules.tiebreakers, bonus);
    order.forEach((team, index) => {
      const t = tallies.get(team)!;
      rows.push({
        position: index + 1,
        group: label,
        team,
        played: t.played,
        won: t.wins,
        drawn: t.draws,
        lost: t.played - t.wins - t.draws,
        goalsFor: t.goalsFor,
        goalsAgainst: t.goalsAgainst,
        goalDifference: t.goalsFor - t.goalsAgainst,
        points: t.points + (bonus.get(team) ?? 0),
        form: formOf(team, group.results),
      });
    });
  }
  return { rows, applied: [...applied.values()] };
}
