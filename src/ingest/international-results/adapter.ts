import { readArtifact } from '../artifacts/read-artifact.js';
import type { LoadedSource, SourceOptions } from '../source.js';
import { normalizeInternationalResults } from './normalize.js';

/**
 * Men's full internationals since 1872 (github.com/martj42/international_results, CC0 1.0): results.csv
 * with goalscorers.csv, shootouts.csv and former_names.csv. `--from` is the repository folder, a folder
 * holding the files, an archive of either, or a URL to one; the files are found by name.
 */
export async function loadInternationalResults(options: SourceOptions): Promise<LoadedSource> {
  const artifact = await readArtifact(options.from);
  return {
    artifacts: [artifact],
    normalize: ({ now, onFile }) => normalizeInternationalResults(artifact.files, now, onFile),
  };
}
