/**
 * Two-legged ties where a source shows them without naming them: football.json does not mark legs or
 * give aggregates (data/README), but a tie's two legs are the only two matches of one round between two
 * sides, the sides swapped. Found within one season's matches of one competition, so a second leg's
 * aggregate (representation/match-score.ts) reads the first leg's score.
 */

/** What pairing reads of a match: the round it belongs to (round and stage), its sides and its date. */
export interface LegCandidate {
  round: string;
  home: string;
  away: string;
  /** Kick-off, comparable as text (ISO). */
  starts_at: string;
}

/**
 * For each second leg (by index into `matches`), the index of its first leg. Two matches of one round
 * are a tie's legs when they are the only two between their sides in that round, with the sides
 * swapped, on different days, and neither side played anyone else in that round before the second leg.
 * That last rule keeps a group's home-and-away fixtures (each side plays the others in between, or
 * before) from passing for ties, while a play-off round whose stage also holds the final (the
 * Championship's `Playoffs`: semi-final legs, then the final) still shows its semi-finals' ties.
 */
export function secondLegs(matches: readonly LegCandidate[]): Map<number, number> {
  const rounds = new Map<string, number[]>();
  matches.forEach((m, i) => {
    const list = rounds.get(m.round) ?? [];
    list.push(i);
    rounds.set(m.round, list);
  });
  const found = new Map<number, number>();
  for (const indexes of rounds.values()) {
    const pairs = new Map<string, number[]>();
    for (const i of indexes) {
      const m = matches[i]!;
      const key = [m.home, m.away].sort().join('\u0000');
      pairs.set(key, [...(pairs.get(key) ?? []), i]);
    }
    for (const legs of pairs.values()) {
      if (legs.length !== 2) continue;
      const [a, b] = legs.map((i) => matches[i]!) as [LegCandidate, LegCandidate];
      if (a.home !== b.away || a.away !== b.home) continue;
      if (a.starts_at.slice(0, 10) === b.starts_at.slice(0, 10)) continue;
      const [first, second] = a.starts_at < b.starts_at ? [legs[0]!, legs[1]!] : [legs[1]!, legs[0]!];
      const secondAt = matches[second]!.starts_at;
      const sides = new Set([a.home, a.away]);
      const otherBefore = indexes.some((i) => {
        if (i === first || i === second) return false;
        const m = matches[i]!;
        return m.starts_at <= secondAt && (sides.has(m.home) || sides.has(m.away));
      });
      if (!otherBefore) found.set(second, first);
    }
  }
  return found;
}

interface Scored {
  home_score: number | null;
  away_score: number | null;
}

/**
 * The tie's goals for the second leg's home side and away side, both legs' scores known; the first leg
 * had the sides the other way round. Null while either leg has no score.
 */
export function aggregateOf(second: Scored, first: Scored): [number, number] | null {
  if (second.home_score === null || second.away_score === null) return null;
  if (first.home_score === null || first.away_score === null) return null;
  return [second.home_score + first.away_score, second.away_score + first.home_score];
}
