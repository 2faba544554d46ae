/**
 * Where each open source Touchline reads is published, as an archive of its repository's default branch
 * (what `touchline ingest <source>` reads without `--from`, and what TOUCHLINE_SOURCES ingests by
 * default). The operator feed has none: it is the operator's own. The default branches were read off
 * the repositories (`git symbolic-ref HEAD`); football-datasets is the one on `main`. Data only, so that
 * the configuration and the command line can name them without loading an adapter.
 */
export const PUBLIC_LOCATIONS = {
  openfootball: 'https://github.com/openfootball/football.json/archive/refs/heads/master.tar.gz',
  'worldcup-json': 'https://github.com/openfootball/worldcup.json/archive/refs/heads/master.tar.gz',
  'international-results':
    'https://github.com/martj42/international_results/archive/refs/heads/master.tar.gz',
  fjelstul: 'https://github.com/jfjelstul/worldcup/archive/refs/heads/master.tar.gz',
  'football-data': 'https://github.com/datasets/football-datasets/archive/refs/heads/main.tar.gz',
} as const satisfies Record<string, string>;

export type PublicSource = keyof typeof PUBLIC_LOCATIONS;

/** The source's public location, or undefined for one that has none (the operator feed). */
export function publicLocationOf(source: string): string | undefined {
  return Object.hasOwn(PUBLIC_LOCATIONS, source) ? PUBLIC_LOCATIONS[source as PublicSource] : undefined;
}

/**
 * The default TOUCHLINE_SOURCES: every source with a public location, as `source=location`. The
 * openfootball leagues first (the most matches), the World Cups next (the matches of the starter set
 * they supersede), the internationals, then the sources that add details to matches already there.
 */
export const DEFAULT_SOURCE_SPECS: readonly string[] = (
  ['openfootball', 'worldcup-json', 'international-results', 'fjelstul', 'football-data'] as const
).map((source) => `${source}=${PUBLIC_LOCATIONS[source]}`);
