import fs from 'node:fs';
import path from 'node:path';
import type { ArtifactOutcome, CanonicalBatch } from '../canonical.js';
import { AliasIndex, type ReferenceClub } from '../identity/alias-index.js';
import { TeamResolver, type StoredAliases } from '../identity/team-resolver.js';
import { readArtifact, type Artifact } from '../artifacts/read-artifact.js';
import { clubsFileScope, parseClubsFile } from './clubs-directory.js';
import { normalizeFootballJson } from './football-json.js';
import { PROJECT_ALIASES } from './project-aliases.js';

export const CLUBS_URL = 'https://github.com/openfootball/clubs/archive/refs/heads/master.tar.gz';

export interface OpenfootballOptions {
  from: string;
  /** openfootball/clubs location; by default a `clubs` folder beside the football.json one, or its repository. */
  clubs?: string;
}

export interface LoadedSource {
  /** The main artifact first; reference data after it. */
  artifacts: Artifact[];
  normalize(
    stored: StoredAliases,
    now: number,
    onFile?: (done: number, total: number, uri: string) => void,
  ): CanonicalBatch;
}

/** Looks for a `clubs` folder next to `from` or next to one of its parent folders. */
function siblingClubsFolder(from: string): string | undefined {
  let dir = path.resolve(from);
  for (let depth = 0; depth < 4; depth += 1) {
    const candidate = path.join(path.dirname(dir), 'clubs');
    if (fs.existsSync(candidate) && fs.statSync(candidate).isDirectory()) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

function clubsLocation(options: OpenfootballOptions): string | undefined {
  if (options.clubs) return options.clubs;
  return /^https?:\/\//i.test(options.from) ? CLUBS_URL : siblingClubsFolder(options.from);
}

export function readClubDirectory(artifact: Artifact): ReferenceClub[] {
  const clubs: ReferenceClub[] = [];
  for (const file of artifact.files) {
    const scope = clubsFileScope(file.uri);
    if (scope) clubs.push(...parseClubsFile(file.bytes.toString('utf8'), scope));
  }
  return clubs;
}

/**
 * The openfootball source: football.json fixtures and results, with team names resolved through the
 * openfootball/clubs directory plus the project's own aliases.
 */
export async function loadOpenfootball(options: OpenfootballOptions): Promise<LoadedSource> {
  const football = await readArtifact(options.from);
  const artifacts = [football];
  const notes: string[] = [];
  const clubsAt = clubsLocation(options);
  const reference: ReferenceClub[] = [...PROJECT_ALIASES];
  const referenceOutcomes: ArtifactOutcome[] = [];
  if (clubsAt) {
    const clubs = await readArtifact(clubsAt);
    artifacts.push(clubs);
    const directory = readClubDirectory(clubs);
    reference.push(...directory);
    referenceOutcomes.push({
      uri: clubs.location,
      sha256: clubs.sha256,
      bytes: clubs.bytes,
      retrievedAt: clubs.retrievedAt,
      recordsSeen: directory.length,
      recordIds: [],
      reference: true,
      rejected: 0,
    });
  } else {
    notes.push(
      'no openfootball/clubs directory found (pass --clubs): team names are matched by spelling only',
    );
  }
  const index = new AliasIndex(reference);
  return {
    artifacts,
    normalize: (stored, now, onFile) => {
      const batch = normalizeFootballJson(football.files, new TeamResolver(index, stored), now, onFile);
      batch.artifacts.push(...referenceOutcomes);
      batch.notes.push(...notes);
      return batch;
    },
  };
}
