import type { ArtifactFile } from '../canonical.js';
import { IngestError } from '../ingest-error.js';
import { FILE_KINDS, type FileKind } from './editions.js';

export interface SourceFile {
  file: ArtifactFile;
  year: string;
  kind: FileKind;
  /** `<year>/<name>.json`, the file's name whatever folder or archive it was read from. */
  path: string;
}

const FILE_PATH = /(?:^|\/)(\d{4})\/([a-z_.]+\.json)$/;
const ORDER: Record<FileKind, number> = { worldcup: 0, 'quali-playoffs': 1, 'club-worldcup': 2, squads: 3 };

/**
 * Picks the files this adapter reads out of an artifact, in a fixed order whatever order they came in:
 * the World Cups by year, then the play-offs, the Club World Cup and the squads. The other files of the repository (groups, stadiums, standings, teams)
 * repeat what the match files say and are not read.
 */
export function worldcupJsonFiles(files: readonly ArtifactFile[]): SourceFile[] {
  const found: SourceFile[] = [];
  for (const file of files) {
    const m = FILE_PATH.exec(file.uri);
    const kind = m ? FILE_KINDS[m[2]!] : undefined;
    if (m && kind) found.push({ file, year: m[1]!, kind, path: `${m[1]}/${m[2]}` });
  }
  return found.sort(
    (a, b) => ORDER[a.kind] - ORDER[b.kind] || a.year.localeCompare(b.year) || a.path.localeCompare(b.path),
  );
}

function parseJson(file: ArtifactFile, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new IngestError(`${file.uri}: not valid JSON (${(error as Error).message})`);
  }
}

/** A match file's `matches` from its text; a file of another shape fails the run. */
export function readMatchFile(file: ArtifactFile, text: string): unknown[] {
  const doc = parseJson(file, text) as { name?: unknown; matches?: unknown } | null;
  if (
    typeof doc !== 'object' ||
    doc === null ||
    typeof doc.name !== 'string' ||
    !Array.isArray(doc.matches)
  ) {
    throw new IngestError(
      `${file.uri}: not a worldcup.json match file (expected {"name": string, "matches": [...]})`,
    );
  }
  return doc.matches;
}

/** A squads file's teams from its text; a file of another shape fails the run. */
export function readSquadsFile(file: ArtifactFile, text: string): unknown[] {
  const doc = parseJson(file, text);
  if (!Array.isArray(doc)) {
    throw new IngestError(
      `${file.uri}: not a worldcup.json squads file (expected [{"name", "fifa_code", "players": [...]}])`,
    );
  }
  return doc;
}
