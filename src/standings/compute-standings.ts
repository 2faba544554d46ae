import { outcomeOf, rank, type Points, type Result, type Tally } from './tiebreak.js';
import type { AwardedResult, PointsAdjustment, SplitGroup, TableRules, TableSplit } from './table-rules.js';
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
  /** The stored match, where the caller needs to find it again (a team's season statistics). */
  id?: string;
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
  /** A view of the table other than the whole one: see TableView. */
  view?: TableView;
  /**
   * The table as it stood at the end of this UTC day (YYYY-MM-DD): later matches are not counted, but
   * their teams keep their rows (with zeros before a first result) and the season's groups stay the same.
   */
  asOf?: string;
  /** The table after a round: only matches of these rounds (it and those before it) are counted. */
  rounds?: ReadonlySet<string>;
}

/**
 * A table of some of the counted results: each team's home matches, its away matches, or its last
 * `last` matches (a form table). Ranked with the same points, ranking and tiebreakers (head-to-head over
 * the results the view counts); no points adjustment applies (they are not per match), and a league's
 * split is not (the view ranks all its clubs in one table, every phase's matches counted).
 */
export type TableView = { side: 'home' | 'away' } | { last: number };

/** Which results a view counts for each team; undefined counts every result for both of its teams. */
function creditedBy(view: TableView | undefined, results: Group['results']): Points['credited'] {
  if (view === undefined) return undefined;
  if ('side' in view)
    return view.side === 'home' ? (r, team) => r.home === team : (r, team) => r.away === team;
  const recent = new Map<string, Set<Result>>();
  for (let i = results.length - 1; i >= 0; i -= 1) {
    const r = results[i]!;
    for (const team of [r.home, r.away]) {
      const mine = recent.get(team) ?? new Set<Result>();
      if (mine.size < view.last) mine.add(r);
      recent.set(team, mine);
    }
  }
  return (r, team) => recent.get(team)?.has(r) ?? false;
}

interface Group {
  label: string | null;
  firstKickOff: string;
  teams: Set<string>;
  /** Counted results in kick-off order, each with its match. */
  results: Array<Result & { startsAt: string; match: SeasonMatch }>;
}

type Award = SeasonInput['awarded'][number];

/** The awarded result of `match`, if the curated list has one. */
function awardOf(match: SeasonMatch, awarded: SeasonInput['awarded']): Award | undefined {
  const date = match.startsAt.slice(0, 10);
  return awarded.find(
    (a) => a.homeId === match.home && a.awayId === match.away && (a.date === undefined || a.date === date),
  );
}

const hasScore = (match: SeasonMatch): match is SeasonMatch & { homeGoals: number; awayGoals: number } =>
  match.homeGoals !== null && match.awayGoals !== null;

/**
 * Counted: finished with a score, or awarded: with the awarded score, or (a win awarded with the goals
 * kept) with the stored goals and the awarded winner. Postponed, cancelled and unplayed matches are not.
 */
function counted(match: SeasonMatch, input: SeasonInput): Result | undefined {
  const { awarded, asOf, rounds } = input;
  if (asOf !== undefined && match.startsAt.slice(0, 10) > asOf) return undefined;
  if (rounds !== undefined && (match.round === null || !rounds.has(match.round))) return undefined;
  const { home, away } = match;
  const award = awardOf(match, awarded);
  if (award && 'winner' in award) {
    return hasScore(match)
      ? { home, away, homeGoals: match.homeGoals, awayGoals: match.awayGoals, winner: award.winner }
      : undefined;
  }
  if (award) return { home, away, homeGoals: award.homeGoals, awayGoals: award.awayGoals };
  if (match.status !== 'finished' || !hasScore(match)) return undefined;
  return { home, away, homeGoals: match.homeGoals, awayGoals: match.awayGoals };
}

/** An awarded result the table counted, beside the score the match has in storage. */
export interface AppliedAward {
  home: string;
  away: string;
  date: string;
  /** The stored score (as played, or as the source gives it); null when it has none. */
  stored: { home: number; away: number } | null;
  /** The score counted: the awarded one, or the stored one where the goals were kept. */
  counted: { home: number; away: number };
  winner: 'home' | 'away' | 'draw';
  goals: 'awarded' | 'as_played';
  reason: string;
  reference: string;
}

function appliedAwards(input: SeasonInput): AppliedAward[] {
  const out: AppliedAward[] = [];
  for (const match of input.matches) {
    const award = awardOf(match, input.awarded);
    const result = award && counted(match, input);
    if (!award || !result) continue;
    out.push({
      home: match.home,
      away: match.away,
      date: match.startsAt.slice(0, 10),
      stored: hasScore(match) ? { home: match.homeGoals, away: match.awayGoals } : null,
      counted: { home: result.homeGoals, away: result.awayGoals },
      winner: outcomeOf(result),
      goals: 'winner' in award ? 'as_played' : 'awarded',
      reason: award.reason,
      reference: award.reference,
    });
  }
  return out;
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

function groupsOf(input: SeasonInput): { groups: Group[]; split: boolean; later: Group['results'] } {
  const byLabel = new Map<string, Group>();
  const links = new Map<string, Set<string>>();
  let split = false;
  const later: Group['results'] = [];
  const sorted = [...input.matches].sort((a, b) =>
    a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0,
  );
  const placed: Array<{ match: SeasonMatch; label: string | null | undefined }> = [];
  for (const match of sorted) {
    const stage = tableStage(match.stage, match.round, input.league);
    if (stage.kind === 'split') {
      split = true;
      const result = counted(match, input);
      if (result) later.push({ ...result, startsAt: match.startsAt, match });
    }
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
    const result = counted(match, input);
    if (result) group.results.push({ ...result, startsAt: match.startsAt, match });
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
  return { groups, split, later };
}

function formOf(team: string, results: Group['results'], credited?: Points['credited']): string | null {
  const letters = results
    .filter((r) => (r.home === team || r.away === team) && (credited === undefined || credited(r, team)))
    .slice(-5)
    .map((r) => {
      const outcome = outcomeOf(r);
      if (outcome === 'draw') return 'D';
      return (outcome === 'home') === (r.home === team) ? 'W' : 'L';
    });
  return letters.length > 0 ? letters.join('') : null;
}

const byKickOff = (results: Group['results']) =>
  results.sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0));

/** One row of a table, from a team's tally and its points. */
function rowOf(
  position: number,
  group: string | null,
  team: string,
  t: Tally,
  points: number,
  results: Group['results'],
  credited?: Points['credited'],
): ComputedRow {
  return {
    position,
    group,
    team,
    played: t.played,
    won: t.wins,
    drawn: t.draws,
    lost: t.played - t.wins - t.draws,
    goalsFor: t.goalsFor,
    goalsAgainst: t.goalsAgainst,
    goalDifference: t.goalsFor - t.goalsAgainst,
    points,
    form: formOf(team, results, credited),
  };
}

/**
 * Whether a league's season has reached its split: the data holds matches of the phase after it, or every
 * club has played its first-phase rounds. The clubs must fill the groups exactly, or the split (of
 * another format than the rules describe) is not applied.
 */
function splitReached(split: TableSplit, group: Group, teams: readonly string[], later: boolean): boolean {
  if (split.groups.reduce((sum, g) => sum + g.size, 0) !== teams.length) return false;
  if (later) return true;
  const played = new Map<string, number>();
  for (const r of group.results)
    for (const team of [r.home, r.away]) played.set(team, (played.get(team) ?? 0) + 1);
  return teams.every((team) => (played.get(team) ?? 0) >= split.rounds);
}

/** The points a group of a split carries from the first phase: kept, or halved and rounded (TableSplit). */
function carriedPoints(split: TableSplit, group: SplitGroup, points: number): number {
  if ((group.points ?? split.points) === 'kept') return points;
  return split.rounding === 'up' ? Math.ceil(points / 2) : Math.floor(points / 2);
}

/**
 * What ranks first among a group's clubs level on points (highest first), before the tiebreakers: a
 * club whose half point was rounded away (`levelFirst`), or one whose points were not rounded up
 * (`levelLast`). Undefined when the split has neither rule.
 */
function levelKey(split: TableSplit, group: SplitGroup, firstPoints: ReadonlyMap<string, number>) {
  if (split.levelFirst === undefined && split.levelLast === undefined) return undefined;
  const halved = (group.points ?? split.points) === 'halved';
  return (team: string) => {
    const odd = halved && firstPoints.get(team)! % 2 !== 0;
    if (split.levelFirst === 'rounded_away') return odd ? 1 : 0;
    return odd && split.rounding === 'up' ? 0 : 1;
  };
}

/**
 * The final table of a season that split (TableSplit): the first phase ranked as an ordinary table
 * places the clubs in their groups; each group is then ranked by the first phase's points, kept or
 * halved (rounded down, or up), plus its later points, with the tiebreakers over the whole season's
 * results (or, where the split says so, the first phase's places). A group without a later phase keeps
 * its first-phase points and places. Positions run on from one group to the next. Adjustments marked
 * `afterSplit` count after the halving.
 */
function splitTable(
  split: TableSplit,
  group: Group,
  teams: readonly string[],
  later: Group['results'],
  input: SeasonInput,
  adjustments: ReadonlyArray<PointsAdjustment & { teamId: string }>,
): ComputedRow[] {
  const scoring = { win: input.rules.pointsForWin, draw: input.rules.pointsForDraw };
  const sum = (team: string, after: boolean) =>
    adjustments
      .filter((a) => a.teamId === team && (a.afterSplit === true) === after)
      .reduce((total, a) => total + a.points, 0);
  const before = new Map(teams.map((team) => [team, sum(team, false)]));
  const first = rank(teams, group.results, scoring, input.rules.tiebreakers, before);
  const whole = [...group.results, ...later].sort((a, b) =>
    a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0,
  );
  const rows: ComputedRow[] = [];
  let offset = 0;
  for (const splitGroup of split.groups) {
    const { label, size } = splitGroup;
    const members = first.order.slice(offset, offset + size);
    if (splitGroup.later === false) {
      // No later phase: the first phase's points (with every adjustment) and, among clubs level, its places.
      const bonus = new Map(members.map((team) => [team, before.get(team)! + sum(team, true)]));
      const kept = rank(members, group.results, scoring, [], bonus);
      kept.order.forEach((team, index) => {
        const t = kept.tallies.get(team)!;
        rows.push(rowOf(offset + index + 1, label, team, t, t.points + bonus.get(team)!, group.results));
      });
      offset += size;
      continue;
    }
    const firstPoints = new Map(
      members.map((team) => [team, first.tallies.get(team)!.points + before.get(team)!]),
    );
    // The whole season's tally counts the first phase's points as they were: the bonus makes them up to
    // the points carried, plus the adjustments made after the split.
    const bonus = new Map(
      members.map((team) => [
        team,
        carriedPoints(split, splitGroup, firstPoints.get(team)!) -
          first.tallies.get(team)!.points +
          sum(team, true),
      ]),
    );
    const byPlace = split.level === 'first_phase_position';
    // Clubs still level keep the order given: the first phase's places, or by name before the tiebreakers.
    const teamOrder = byPlace ? members : teams.filter((team) => members.includes(team));
    const criteria = byPlace ? [] : input.rules.tiebreakers;
    const ranked = rank(teamOrder, whole, scoring, criteria, bonus, levelKey(split, splitGroup, firstPoints));
    ranked.order.forEach((team, index) => {
      const t = ranked.tallies.get(team)!;
      rows.push(rowOf(offset + index + 1, label, team, t, t.points + bonus.get(team)!, whole));
    });
    offset += size;
  }
  return rows;
}

/** A result a season's table counts, with its kick-off and its match. */
export type CountedResult = Group['results'][number];

/**
 * The results the season's tables count for `team`, in kick-off order: those of its groups and, once a
 * split its rules describe is reached, of the later phase, as computeStandings counts them (the
 * `asOf` day included; `view` ignored).
 */
export function countedResultsOf(input: SeasonInput, team: string): CountedResult[] {
  const { groups, split, later } = groupsOf(input);
  const mine = (r: CountedResult) => r.home === team || r.away === team;
  const out = groups.flatMap((group) => group.results.filter(mine));
  const rule = input.rules.split;
  const league = groups.find((g) => g.label === null && g.teams.has(team));
  if (league && input.league && rule) {
    const teams = input.teamOrder.filter((t) => league.teams.has(t));
    if (splitReached(rule, league, teams, split)) out.push(...later.filter(mine));
  }
  return byKickOff(out);
}

/**
 * A season's tables computed from its stored results: one per group of a group stage, one for a league,
 * none for knockout rounds. A league whose rules split it after a first phase (TableSplit) gets, once the
 * split is reached, its final table by groups; a league that splits by rules not computed here (its
 * later phases in the data, no TableSplit) gets its first phase only, labelled "Regular season". Every
 * team of a table's matches has a row, with zeros before its first result. Points adjustments apply in
 * every table of the season holding the team. `split` is the split applied, if any.
 */
export function computeStandings(input: SeasonInput): {
  rows: ComputedRow[];
  applied: AppliedAdjustment[];
  awards: AppliedAward[];
  split: TableSplit | null;
} {
  const { groups, split, later } = groupsOf(input);
  const scoring = { win: input.rules.pointsForWin, draw: input.rules.pointsForDraw };
  const rows: ComputedRow[] = [];
  const applied = new Map<PointsAdjustment, AppliedAdjustment>();
  let splitApplied: TableSplit | null = null;
  for (const group of groups) {
    const teams = input.teamOrder.filter((team) => group.teams.has(team));
    const bonus = new Map<string, number>();
    const adjustments = input.view ? [] : input.points.filter((a) => group.teams.has(a.teamId));
    for (const adjustment of adjustments) {
      bonus.set(adjustment.teamId, (bonus.get(adjustment.teamId) ?? 0) + adjustment.points);
      const { teamId, points, reason, reference } = adjustment;
      applied.set(adjustment, { team: teamId, points, reason, reference });
    }
    const rule = input.rules.split;
    const splitCounts =
      group.label === null && input.league && rule && splitReached(rule, group, teams, split);
    if (splitCounts && !input.view) {
      rows.push(...splitTable(rule, group, teams, later, input, adjustments));
      splitApplied = rule;
      continue;
    }
    // A view of a league past its split counts every phase's results, as the whole table does, in one table.
    const results = splitCounts ? byKickOff([...group.results, ...later]) : group.results;
    const label = group.label === null && split && !splitCounts ? 'Regular season' : group.label;
    const viewScoring = { ...scoring, credited: creditedBy(input.view, results) };
    const ranking = input.rules.ranking === 'points_per_game' ? 'points_per_game' : 'points';
    const { order, tallies } = rank(
      teams,
      results,
      viewScoring,
      input.rules.tiebreakers,
      bonus,
      undefined,
      ranking,
    );
    order.forEach((team, index) => {
      const t = tallies.get(team)!;
      const points = t.points + (bonus.get(team) ?? 0);
      rows.push(rowOf(index + 1, label, team, t, points, results, viewScoring.credited));
    });
  }
  return { rows, applied: [...applied.values()], awards: appliedAwards(input), split: splitApplied };
}
