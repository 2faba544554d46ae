import { loadOpenfootball } from './openfootball/adapter.js';
import type { LoadedSource, SourceOptions } from './source.js';

/** Every source `touchline ingest <source>` knows, by name. Adding one touches only this list. */
export const SOURCES: Record<string, (options: SourceOptions) => Promise<LoadedSource>> = {
  openfootball: loadOpenfootball,
};
