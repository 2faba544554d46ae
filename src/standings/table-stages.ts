/**
 * Which table, if any, a stored match counts toward, from its stage and round as the sources give them
 * (free text: see ../shared/data/README.md, "Rounds, stages, groups"). Knockout rounds and play-offs count
 * toward no table; the phases after a league splits only toward a split's final table (TableSplit).
 */
export type TableStage =
  /** A table: `group` is null for a season's one table, else the group's label. */
  | { kind: 'table'; group: string | null }
  /** A group stage whose group the source does not name ("Group, Matchday 3"): found from who played whom. */
  | { kind: 'unnamed-group' }
  /**
   * A phase after the league split into groups (championship, relegation, play-off groups), whose tables
   * start from points carried over or halved. Counted in the final table where the competition's rules
   * describe the split (TableSplit, compute-standings.ts); otherwise not, and the table is the regular
   * season's.
   */
  | { kind: 'split' }
  | { kind: 'none' };

const NONE: TableStage = { kind: 'none' };
const SINGLE: TableStage = { kind: 'table', group: null };

/** A league round: "Matchday 12", "12. Round", "Round 12". */
const LEAGUE_ROUND = /^(Matchday \d+|\d+\. Round|Round \d+)$/;
/** A named group: "Group A", "Group 4". */
const GROUP_ROUND = /^Group [A-Z0-9]{1,2}$/;

/** Prefixes ("Apertura, Matchday 3") of rounds that make a table, and the group label they give. */
const TABLE_PREFIXES = new Map<string, string | null>([
  ['Regular', null],
  ['League', null], // the UEFA Champions League's league phase, from 2024-25
  ['Apertura', 'Apertura'],
  ['Clausura', 'Clausura'],
  ['1° Semestre', '1° Semestre'],
  ['2° Semestre', '2° Semestre'],
]);
/** Prefixes of the phases after a league splits (Austria, Belgium, Scotland, Greece, Czechia, Egypt). */
const SPLIT_PREFIXES = new Set(['Championship', 'Relegation', 'Europe', 'Playoff I', 'ECL Playoffs']);

/** Stages of the phases after a league splits (Austria, as openfootball's `stage` names them). */
const SPLIT_STAGES = new Set(['Playoffs - Championship', 'Playoffs - Relegation']);

/** Stages (the sources' separate `stage`) whose matches count toward a table, and the label's prefix. */
const TABLE_STAGES = new Map<string, string>([
  ['group stage', ''],
  ['Regular', ''],
  ['second group stage', 'Second group stage, '],
  ['final round', ''],
]);

/**
 * The table a match counts toward. `league` says the competition is a league, where a bare "Round 3"
 * is a matchday; in a cup it is a knockout round.
 */
export function tableStage(stage: string | null, round: string | null, league: boolean): TableStage {
  if (stage !== null && SPLIT_STAGES.has(stage)) return league ? { kind: 'split' } : NONE;
  const prefix = stage === null ? '' : TABLE_STAGES.get(stage);
  if (prefix === undefined) return NONE;
  if (round === null) return NONE;
  if (GROUP_ROUND.test(round)) return { kind: 'table', group: `${prefix}${round}` };
  // The 1950 World Cup's final round was a group of four.
  if (stage === 'final round') return { kind: 'table', group: round };
  if (LEAGUE_ROUND.test(round)) return league ? SINGLE : NONE;
  const comma = round.indexOf(', ');
  if (comma < 0) return NONE;
  const head = round.slice(0, comma);
  const rest = round.slice(comma + 2);
  if (!LEAGUE_ROUND.test(rest)) return NONE;
  if (head === 'Group') return { kind: 'unnamed-group' };
  if (TABLE_PREFIXES.has(head)) return { kind: 'table', group: TABLE_PREFIXES.get(head)! };
  if (SPLIT_PREFIXES.has(head) && league) return { kind: 'split' };
  return NONE;
}
