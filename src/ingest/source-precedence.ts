/** The sources' names as stored in `source` columns and audit rows. */
export const SOURCE_NAMES = {
  fjelstul: 'fjelstul/worldcup',
  worldcupJson: 'openfootball/worldcup.json',
  footballJson: 'openfootball/football.json',
  footballDataCsv: 'football-data/csv',
} as const;

/**
 * When two sources describe the same match, the one listed first wins for the match row and for each
 * kind of detail, whatever order they were ingested in (the others stay as provenance). The Fjelstul
 * database is curated and complete for 1930-2022; worldcup.json covers 2026 and play-offs.
 */
const PRECEDENCE: readonly string[] = [
  SOURCE_NAMES.fjelstul,
  SOURCE_NAMES.worldcupJson,
  SOURCE_NAMES.footballJson,
  SOURCE_NAMES.footballDataCsv,
];

/** Lower is better; unknown sources rank last. */
export function sourceRank(source: string | null | undefined): number {
  const at = source ? PRECEDENCE.indexOf(source) : -1;
  return at < 0 ? PRECEDENCE.length : at;
}
