import { loadFeed } from './feed/adapter.js';
import { loadFjelstul } from './fjelstul/adapter.js';
import { loadFootballData } from './football-data/adapter.js';
import { loadInternationalResults } from './international-results/adapter.js';
import { loadOpenfootball } from './openfootball/adapter.js';
import type { LoadedSource, SourceOptions } from './source.js';
import { loadWorldcupJson } from './worldcup-json/adapter.js';

/** Every source `touchline ingest <source>` knows, by name. Adding one touches only this list. */
export const SOURCES: Record<string, (options: SourceOptions) => Promise<LoadedSource>> = {
  openfootball: loadOpenfootball,
  fjelstul: loadFjelstul,
  'worldcup-json': loadWorldcupJson,
  'football-data': loadFootballData,
  'international-results': loadInternationalResults,
  feed: loadFeed,
};
