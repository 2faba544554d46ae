import { readArtifact } from '../artifacts/read-artifact.js';
import type { LoadedSource, SourceOptions } from '../source.js';
import { normalizeFjelstul } from './normalize.js';

/**
 * The Fjelstul World Cup Database (github.com/jfjelstul/worldcup, CC-BY-SA 4.0): men's and women's World
 * Cups 1930-2022 with goals, bookings, substitutions, shoot-outs, lineups, squads and group tables.
 * `--from` is the repository folder, its `data-csv` folder, an archive of either, or a URL to one; the
 * tables are found by file name.
 */
export async function loadFjelstul(options: SourceOptions): Promise<LoadedSource> {
  const artifact = await readArtifact(options.from);
  return {
    artifacts: [artifact],
    normalize: ({ onFile }) => normalizeFjelstul(artifact.files, onFile),
  };
}
