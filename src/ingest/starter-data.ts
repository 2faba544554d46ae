import path from 'node:path';
import { DATA_DIR } from '../text/data-file.js';

/**
 * The starter dataset shipped with Touchline (data/starter/README.md): openfootball's CC0 World Cups,
 * ingested on a first start before the configured sources, so that a machine without network serves
 * data too. It is the `worldcup-json` source read from a folder of the project, so that the full source
 * replaces it without moving an ID.
 */
export const STARTER_SOURCE = 'worldcup-json';

export const STARTER_LOCATION = path.join(DATA_DIR, 'starter', 'worldcup.json');

/** The TOUCHLINE_SOURCES-style spec of the starter dataset. */
export const STARTER_SPEC = `${STARTER_SOURCE}=${STARTER_LOCATION}`;

/** Whether a run's location is the starter dataset of this installation. */
export function isStarterLocation(location: string): boolean {
  return path.resolve(location) === path.resolve(STARTER_LOCATION);
}
