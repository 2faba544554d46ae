/** The sources' names as stored in `source` columns and audit rows. */
export const SOURCE_NAMES = {
  /** The operator's own feed (`touchline ingest feed`): also the `source` of its `match_sources` rows. */
  feed: 'feed',
  fjelstul: 'fjelstul/worldcup',
  worldcupJson: 'openfootball/worldcup.json',
  footballJson: 'openfootball/football.json',
  footballDataCsv: 'football-data/csv',
  internationalResults: 'martj42/international_results',
} as const;

/**
 * When two sources describe the same match, the one listed first wins for the match row and for each
 * kind of detail, whatever order they were ingested in (the others stay as provenance). The Fjelstul
 * database is curated and complete for 1930-2022; worldcup.json covers 2026 and play-offs. The
 * international results come after both: they repeat World Cup matches with dates and scores only.
 * The operator's feed comes first: an operator who carries a match (naming it by its ID) publishes it as
 * its own, and serves what it says over what an open source says.
 */
const PRECEDENCE: readonly string[] = [
  SOURCE_NAMES.feed,
  SOURCE_NAMES.fjelstul,
  SOURCE_NAMES.worldcupJson,
  SOURCE_NAMES.internationalResults,
  SOURCE_NAMES.footballJson,
  SOURCE_NAMES.footballDataCsv,
];

/** Lower is better; unknown sources rank last. */
export function sourceRank(source: string | null | undefined): number {
  const at = source ? PRECEDENCE.indexOf(source) : -1;
  return at < 0 ? PRECEDENCE.length : at;
}

export interface Attribution {
  source: string;
  notice: string;
  license: string;
  license_url: string;
  source_url: string;
}

/**
 * Notices the licences of the sources ask for wherever their data is served. The operator's feed has none:
 * the operator serves its own data under its own terms (docs/feed.md).
 */
const ATTRIBUTIONS: Record<string, Attribution> = {
  [SOURCE_NAMES.fjelstul]: {
    source: SOURCE_NAMES.fjelstul,
    notice: 'The Fjelstul World Cup Database, © 2023 Joshua C. Fjelstul, Ph.D.',
    license: 'CC-BY-SA 4.0',
    license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
    source_url: 'https://github.com/jfjelstul/worldcup',
  },
  [SOURCE_NAMES.footballDataCsv]: {
    source: SOURCE_NAMES.footballDataCsv,
    notice: 'Match statistics from football-data.co.uk, via datasets/football-datasets',
    license: 'ODC PDDL 1.0 (football-data.co.uk terms apply)',
    license_url: 'https://opendatacommons.org/licenses/pddl/1-0/',
    source_url: 'https://www.football-data.co.uk/',
  },
  [SOURCE_NAMES.footballJson]: {
    source: SOURCE_NAMES.footballJson,
    notice: 'openfootball football.json',
    license: 'CC0 1.0',
    license_url: 'https://creativecommons.org/publicdomain/zero/1.0/',
    source_url: 'https://github.com/openfootball/football.json',
  },
  [SOURCE_NAMES.worldcupJson]: {
    source: SOURCE_NAMES.worldcupJson,
    notice: 'openfootball worldcup.json',
    license: 'CC0 1.0',
    license_url: 'https://creativecommons.org/publicdomain/zero/1.0/',
    source_url: 'https://github.com/openfootball/worldcup.json',
  },
  [SOURCE_NAMES.internationalResults]: {
    source: SOURCE_NAMES.internationalResults,
    notice: 'International football results from 1872 (martj42/international_results)',
    license: 'CC0 1.0',
    license_url: 'https://creativecommons.org/publicdomain/zero/1.0/',
    source_url: 'https://github.com/martj42/international_results',
  },
};

/** Attributions for the given sources, for those whose licence asks for one or that are known. */
export function attributionsFor(sources: Iterable<string>): Attribution[] {
  const seen = new Set<string>();
  const out: Attribution[] = [];
  for (const source of sources) {
    const a = ATTRIBUTIONS[source];
    if (a && !seen.has(source)) {
      seen.add(source);
      out.push(a);
    }
  }
  return out;
}

/** `touchline ingest <source>` names, as audit rows record them, to the data sources they import. */
const INGEST_SOURCES: Record<string, string> = {
  openfootball: SOURCE_NAMES.footballJson,
  'worldcup-json': SOURCE_NAMES.worldcupJson,
  fjelstul: SOURCE_NAMES.fjelstul,
  'football-data': SOURCE_NAMES.footballDataCsv,
  'international-results': SOURCE_NAMES.internationalResults,
  feed: SOURCE_NAMES.feed,
};

/** The attribution for what an ingestion source (by its CLI name) imports, if known. */
export function attributionForIngestSource(name: string): Attribution | null {
  const source = INGEST_SOURCES[name];
  return source ? (ATTRIBUTIONS[source] ?? null) : null;
}
