/**
 * A ranking on a day from each team's newest rating point up to it: sorted by rating (then name, then
 * ID, so equal inputs give one order), equal ratings sharing a rank, with each team's change in rating
 * and rank since a year before in the same list. A state that no longer plays as itself (its successor
 * played after it: the Soviet Union once Russia had) is left out, as the published tables do.
 */

export interface StandingPoint {
  team_id: string;
  /** Thousandths of a point, as stored. */
  rating_after: number;
  matches: number;
  date: string;
  name: string;
  country_code: string | null;
}

export interface RankedTeam {
  rank: number;
  team: { id: string; name: string };
  country_code: string | null;
  rating: number;
  rating_change_year: number | null;
  rank_change_year: number | null;
  matches: number;
  last_match_date: string;
  provisional: boolean;
}

const oneDecimal = (milli: number) => Math.round(milli / 100) / 10;

/** The points left once the teams a successor replaced are dropped. */
function current(
  points: readonly StandingPoint[],
  predecessors: ReadonlyMap<string, string>,
): StandingPoint[] {
  const byTeam = new Map(points.map((p) => [p.team_id, p]));
  const replaced = new Set<string>();
  for (const [successor, predecessor] of predecessors) {
    const s = byTeam.get(successor);
    const p = byTeam.get(predecessor);
    if (s && p && s.date >= p.date) replaced.add(predecessor);
  }
  return points.filter((p) => !replaced.has(p.team_id));
}

function ranked(points: readonly StandingPoint[]): Array<StandingPoint & { rank: number }> {
  const sorted = [...points].sort(
    (a, b) =>
      Number(b.rating_after) - Number(a.rating_after) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      (a.team_id < b.team_id ? -1 : 1),
  );
  let rank = 0;
  return sorted.map((p, i) => {
    if (i === 0 || Number(sorted[i - 1]!.rating_after) !== Number(p.rating_after)) rank = i + 1;
    return { ...p, rank };
  });
}

export function rankTeams(
  now: readonly StandingPoint[],
  yearBefore: readonly StandingPoint[],
  options: {
    predecessors: ReadonlyMap<string, string>;
    provisionalBelow: number;
    keep: (p: StandingPoint) => boolean;
  },
): RankedTeam[] {
  const list = ranked(current(now, options.predecessors).filter(options.keep));
  const before = new Map(
    ranked(current(yearBefore, options.predecessors).filter(options.keep)).map((p) => [p.team_id, p]),
  );
  return list.map((p) => {
    const then = before.get(p.team_id);
    return {
      rank: p.rank,
      team: { id: p.team_id, name: p.name },
      country_code: p.country_code,
      rating: oneDecimal(Number(p.rating_after)),
      rating_change_year: then ? oneDecimal(Number(p.rating_after) - Number(then.rating_after)) : null,
      rank_change_year: then ? then.rank - p.rank : null,
      matches: Number(p.matches),
      last_match_date: p.date,
      provisional: Number(p.matches) < options.provisionalBelow,
    };
  });
}

/** The same day a year earlier (29 February: the 28th). */
export function yearBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC, which reads years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(y - 1, m - 1, d);
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}
