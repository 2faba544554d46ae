import { readArtifact } from '../artifacts/read-artifact.js';
import { AliasIndex } from '../identity/alias-index.js';
import { TeamResolver } from '../identity/team-resolver.js';
import { clubsLocation, loadClubDirectory, type ClubDirectory } from '../reference/club-directory.js';
import type { LoadedSource, SourceOptions } from '../source.js';
import { normalizeWorldcupJson } from './normalize.js';
import { worldcupJsonFiles } from './source-files.js';

/**
 * The openfootball/worldcup.json source: World Cups 1930-2026, the 2026 qualification play-offs and
 * squads, and the 2025 Club World Cup. National teams resolve through the shared national-team table;
 * the openfootball/clubs directory (`--clubs`, or a `clubs` folder beside the source) is read only when
 * a Club World Cup file is there, for its club names.
 */
export async function loadWorldcupJson(options: SourceOptions): Promise<LoadedSource> {
  const worldcup = await readArtifact(options.from);
  const hasClubs = worldcupJsonFiles(worldcup.files).some((f) => f.kind === 'club-worldcup');
  const directory: ClubDirectory = hasClubs
    ? await loadClubDirectory(clubsLocation(options.from, options.clubs))
    : { clubs: [], notes: [] };
  const index = new AliasIndex(directory.clubs);
  return {
    artifacts: directory.artifact ? [worldcup, directory.artifact] : [worldcup],
    normalize: ({ stored, now, onFile }) => {
      const batch = normalizeWorldcupJson(worldcup.files, new TeamResolver(index, stored), now, onFile);
      if (directory.outcome) batch.artifacts.push(directory.outcome);
      batch.notes.push(...directory.notes);
      return batch;
    },
  };
}
