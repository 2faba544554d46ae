import { MATCH_STATUSES, type MatchStatus } from '../vocabulary/match-statuses.js';

/** A match as the rounds of its season are worked out from it. */
export interface RoundMatch {
  round: string | null;
  status: string;
  /** ISO kick-off; its first ten characters are the UTC date. */
  startsAt: string;
}

export interface SeasonRound {
  name: string;
  /** 1-based, in the order the rounds are played (roundOrder). */
  order: number;
  first_day: string;
  last_day: string;
  matches: Record<MatchStatus, number> & { total: number };
  is_current: boolean;
}

const DAY_MS = 86_400_000;
/** A round's matches this far from its median kick-off are its core; further ones were moved (rescheduled). */
const CORE_DAYS = 7;

const byTime = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The kick-offs of each named round, sorted. */
function kickOffsByRound(matches: readonly RoundMatch[]): Map<string, string[]> {
  const rounds = new Map<string, string[]>();
  for (const m of matches) {
    if (m.round === null) continue;
    const list = rounds.get(m.round) ?? [];
    list.push(m.startsAt);
    rounds.set(m.round, list);
  }
  for (const list of rounds.values()) list.sort(byTime);
  return rounds;
}

const median = (sorted: readonly string[]) => sorted[Math.floor((sorted.length - 1) / 2)]!;

/** A numbered round's family ("Matchday ", "League, Matchday ") and number; null for a name without one. */
function numbered(name: string): { family: string; number: number } | null {
  const m = /^(.*?)(\d+)$/.exec(name);
  return m ? { family: m[1]!, number: Number(m[2]) } : null;
}

/**
 * The season's round names in the order they are played: by each round's median kick-off (the lower
 * median), then its earliest, then its name; then the rounds of one numbered family ("Matchday 1" ...
 * "Matchday 38") take the places the family holds in that order by their numbers. The median keeps a
 * tournament's rounds in its calendar (groups, round of 16, ..., third place, final) and a round in place
 * though a match of it was moved; the numbers keep a league's matchday in place though most of its
 * matches were (the Premier League's Matchday 29 of 2023-24, six of ten played weeks later). Matches
 * without a round are in none.
 */
export function roundOrder(matches: readonly RoundMatch[]): string[] {
  const rounds = kickOffsByRound(matches);
  const order = [...rounds.keys()].sort((a, b) => {
    const [ka, kb] = [rounds.get(a)!, rounds.get(b)!];
    return byTime(median(ka), median(kb)) || byTime(ka[0]!, kb[0]!) || byTime(a, b);
  });
  const families = new Map<string, number[]>();
  order.forEach((name, at) => {
    const n = numbered(name);
    if (n) families.set(n.family, [...(families.get(n.family) ?? []), at]);
  });
  for (const places of families.values()) {
    const names = places.map((at) => order[at]!).sort((a, b) => numbered(a)!.number - numbered(b)!.number);
    places.forEach((at, i) => (order[at] = names[i]!));
  }
  return order;
}

/** The last day of a round's core: its matches within CORE_DAYS of its median kick-off. */
function coreLastDay(kickOffs: readonly string[]): string {
  const middle = Date.parse(median(kickOffs));
  const core = kickOffs.filter((k) => Math.abs(Date.parse(k) - middle) <= CORE_DAYS * DAY_MS);
  return core.at(-1)!.slice(0, 10);
}

/**
 * The rounds of a season with their days and match counts by status, and which is current on `today`
 * (a UTC date): the round of a live match if one is being played (the earliest to start), else the
 * first round, in order, whose core (roundOrder's matches near its median) has not ended before today,
 * else the last round once every core has ended. So a round is current from the day after its
 * predecessor's core ends through its own last core day, whatever a rescheduled match of it does.
 */
export function seasonRounds(matches: readonly RoundMatch[], today: string): SeasonRound[] {
  const order = roundOrder(matches);
  const kickOffs = kickOffsByRound(matches);
  const counts = new Map(
    order.map((name) => [
      name,
      Object.fromEntries([...MATCH_STATUSES.map((s) => [s, 0]), ['total', 0]]) as SeasonRound['matches'],
    ]),
  );
  let live: RoundMatch | undefined;
  for (const m of matches) {
    if (m.round === null) continue;
    const c = counts.get(m.round)!;
    const status = (MATCH_STATUSES as readonly string[]).includes(m.status)
      ? (m.status as MatchStatus)
      : 'unknown';
    c[status] += 1;
    c.total += 1;
    if (status === 'live' && (!live || m.startsAt < live.startsAt)) live = m;
  }
  const current =
    live?.round ?? order.find((name) => coreLastDay(kickOffs.get(name)!) >= today) ?? order.at(-1);
  return order.map((name, index) => {
    const days = kickOffs.get(name)!;
    return {
      name,
      order: index + 1,
      first_day: days[0]!.slice(0, 10),
      last_day: days.at(-1)!.slice(0, 10),
      matches: counts.get(name)!,
      is_current: name === current,
    };
  });
}
