/**
 * The sources `ingest` takes, for its help and its argument check: the keys of src/ingest/sources.ts's
 * SOURCES, listed here so that the command line does not load every source's adapter to show a help
 * page. test/system/cli/help.test.ts keeps the two lists equal.
 */
export const SOURCE_NAMES = [
  'openfootball',
  'worldcup-json',
  'fjelstul',
  'football-data',
  'international-results',
  'feed',
] as const;
