type Pair = [number, number];

/** A match's score by stage as a source gives it; `final` is the match score (after extra time). */
export interface StagedScore {
  ht: Pair | null;
  ft: Pair | null;
  et: Pair | null;
  p: Pair | null;
  final: Pair | null;
}

export interface ScoreContext {
  /** The match is over (finished): a shoot-out still being taken may stand level. */
  over: boolean;
  /**
   * The aggregate of the tie this match is the second leg of, when the source shows one: a shoot-out
   * may follow a second leg that was not level when the tie was.
   */
  aggregate?: Pair | null;
}

const show = (p: Pair) => `${p[0]}-${p[1]}`;
const above = (a: Pair, b: Pair) => a[0] > b[0] || a[1] > b[1];

/**
 * What makes a score impossible, the same rule for every source that gives stages (football.json,
 * worldcup.json, Fjelstul, the operator feed), so that the breakdown the API shows (score, winner,
 * decided_by) never contradicts itself: a negative number; a half-time score above the 90 minutes'; an
 * extra-time score below them (it is cumulative); a finished shoot-out level (one side always wins it);
 * a shoot-out after a match not level after extra time, unless it is the second leg of a tie level on
 * aggregate. Null when none of these holds. The caller rejects the record with the reason, as it rejects
 * any record it cannot read.
 */
export function scoreProblem(score: StagedScore, context: ScoreContext): string | null {
  const stages = { ht: score.ht, ft: score.ft, et: score.et, p: score.p, score: score.final };
  for (const [name, pair] of Object.entries(stages)) {
    if (pair && (pair[0] < 0 || pair[1] < 0)) return `${name} ${show(pair)} has a negative number`;
  }
  const ninety = score.ft ?? (score.et ? null : score.final);
  if (score.ht && ninety && above(score.ht, ninety)) {
    return `half-time score ${show(score.ht)} is above the score after 90 minutes ${show(ninety)}`;
  }
  if (score.et && score.ft && above(score.ft, score.et)) {
    return `extra-time score ${show(score.et)} is below the score after 90 minutes ${show(score.ft)} (it counts them)`;
  }
  const { p, final } = score;
  if (!p) return null;
  if (context.over && p[0] === p[1]) return `shoot-out ${show(p)} is level: a shoot-out has a winner`;
  const level = (pair: Pair | null | undefined) => pair !== null && pair !== undefined && pair[0] === pair[1];
  if (final && !level(final) && !level(context.aggregate)) {
    const tie = context.aggregate ? `, nor its tie on aggregate (${show(context.aggregate)})` : '';
    return `shoot-out ${show(p)} after a match not level after extra time (${show(final)})${tie}`;
  }
  return null;
}
