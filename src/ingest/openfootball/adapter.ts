import { AliasIndex } from '../identity/alias-index.js';
import { TeamResolver } from '../identity/team-resolver.js';
import { readArtifact } from '../artifacts/read-artifact.js';
import { clubsLocation, loadClubDirectory } from '../reference/club-directory.js';
import type { LoadedSource, SourceOptions } from '../source.js';
import { normalizeFootballJson } from './football-json.js';

/**
 * The openfootball source: football.json fixtures and results, with team names resolved through the
 * openfootball/clubs directory plus the project's own aliases.
 */
export async function loadOpenfootball(options: SourceOptions): Promise<LoadedSource> {
  const football = await readArtifact(options.from);
  const directory = await loadClubDirectory(clubsLocation(options.from, options.clubs));
  const index = new AliasIndex(directory.clubs);
  return {
    artifacts: directory.artifact ? [football, directory.artifact] : [football],
    normalize: ({ stored, now, onFile }) => {
      const batch = normalizeFootballJson(football.files, new TeamResolver(index, stored), now, onFile);
      if (directory.outcome) batch.artifacts.push(directory.outcome);
      batch.notes.push(...directory.notes);
      return batch;
    },
  };
}
