import fs from 'node:fs';
import path from 'node:path';
import type { ArtifactOutcome } from '../canonical.js';
import type { ReferenceClub } from '../identity/alias-index.js';
import { readArtifact, type Artifact } from '../artifacts/read-artifact.js';
import { utf8Text } from '../artifacts/text.js';
import { clubsFileScope, parseClubsFile } from './clubs-directory.js';
import { PROJECT_ALIASES } from './project-aliases.js';

export const CLUBS_URL = 'https://github.com/openfootball/clubs/archive/refs/heads/master.tar.gz';

/** Looks for `clubs` (or `openfootball/clubs`) next to `from` or next to one of its parent folders. */
function siblingClubsFolder(from: string): string | undefined {
  let dir = path.resolve(from);
  for (let depth = 0; depth < 4; depth += 1) {
    for (const name of ['clubs', path.join('openfootball', 'clubs')]) {
      const candidate = path.join(path.dirname(dir), name);
      if (fs.existsSync(candidate) && fs.statSync(candidate).isDirectory()) return candidate;
    }
    dir = path.dirname(dir);
  }
  return undefined;
}

/** Where the club directory is: as given, else beside a local source, else its public repository. */
export function clubsLocation(from: string, clubs: string | undefined): string | undefined {
  if (clubs) return clubs;
  return /^https?:\/\//i.test(from) ? CLUBS_URL : siblingClubsFolder(from);
}

/**
 * The clubs of every directory file. A file that is not UTF-8 fails the run: leaving its clubs out would
 * quietly give their teams other IDs.
 */
export function readClubDirectory(artifact: Artifact): ReferenceClub[] {
  const clubs: ReferenceClub[] = [];
  for (const file of artifact.files) {
    const scope = clubsFileScope(file.uri);
    if (scope) clubs.push(...parseClubsFile(utf8Text(file), scope));
  }
  return clubs;
}

export interface ClubDirectory {
  clubs: ReferenceClub[];
  artifact?: Artifact;
  /** The directory's audit entry, when one was read. */
  outcome?: ArtifactOutcome;
  notes: string[];
}

/**
 * The openfootball/clubs directory plus the project's own aliases: the canonical club names and
 * spellings every club-based source resolves team names through.
 */
export async function loadClubDirectory(location: string | undefined): Promise<ClubDirectory> {
  if (!location) {
    return {
      clubs: [...PROJECT_ALIASES],
      notes: [
        'no openfootball/clubs directory found (pass --clubs): team names are matched by spelling only',
      ],
    };
  }
  const artifact = await readArtifact(location);
  const directory = readClubDirectory(artifact);
  return {
    clubs: [...PROJECT_ALIASES, ...directory],
    artifact,
    outcome: {
      uri: artifact.location,
      sha256: artifact.sha256,
      bytes: artifact.bytes,
      retrievedAt: artifact.retrievedAt,
      recordsSeen: directory.length,
      recordIds: [],
      rejected: 0,
      reference: true,
    },
    notes: [],
  };
}
