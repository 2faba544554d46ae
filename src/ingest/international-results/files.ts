import { CsvRow, loadSheet, RowError, type CsvSheet } from '../artifacts/csv-sheet.js';
import { rejectFile } from '../artifacts/file-audit.js';
import { decodeUtf8 } from '../artifacts/text.js';
import type { ArtifactFile, ArtifactOutcome, Rejection } from '../canonical.js';
import { IngestError } from '../ingest-error.js';

export { eachRow, RowError } from '../artifacts/csv-sheet.js';

/**
 * The four CSV files of the international results, found by name anywhere in the artifact (a repository
 * checkout, a folder of the files, an archive of either), with the columns the adapter reads. results.csv
 * is required; without one of the others the run goes on without what it carries and says so.
 */
export const FILES = {
  results: {
    name: 'results.csv',
    required: true,
    columns: [
      'date',
      'home_team',
      'away_team',
      'home_score',
      'away_score',
      'tournament',
      'city',
      'country',
      'neutral',
    ],
    without: '',
  },
  goalscorers: {
    name: 'goalscorers.csv',
    required: false,
    columns: ['date', 'home_team', 'away_team', 'team', 'scorer', 'minute', 'own_goal', 'penalty'],
    without: 'no goals in the timelines',
  },
  shootouts: {
    name: 'shootouts.csv',
    required: false,
    columns: ['date', 'home_team', 'away_team', 'winner'],
    without: 'no shoot-out winners',
  },
  formerNames: {
    name: 'former_names.csv',
    required: false,
    columns: ['current', 'former', 'start_date', 'end_date'],
    without: 'every team is taken under its current name',
  },
} as const;

export type FileKey = keyof typeof FILES;

/** One data row, read by column name. */
export class Row extends CsvRow {
  required(column: string): string {
    const value = this.text(column);
    if (value === '') throw new RowError(`${column} is empty`);
    return value;
  }

  /** TRUE or FALSE, as the source writes them. */
  flag(column: string): boolean {
    const value = this.text(column);
    if (value === 'TRUE') return true;
    if (value === 'FALSE') return false;
    throw new RowError(`${column} is not TRUE or FALSE ("${value}")`);
  }
}

export type Sheet = CsvSheet<Row>;

function basename(uri: string): string {
  return uri.slice(uri.lastIndexOf('/') + 1);
}

export interface LoadedFiles {
  sheets: Map<FileKey, Sheet>;
  /** Audit entries of files rejected as a whole (not UTF-8). */
  rejectedFiles: ArtifactOutcome[];
  notes: string[];
}

/**
 * Finds and parses the files. A missing or unreadable results.csv, a CSV that cannot be parsed, a file
 * without the columns read, or one name found twice fails the run; an optional file that is not UTF-8 is
 * rejected as a whole and the run goes on as without it.
 */
export function loadFiles(files: readonly ArtifactFile[], rejections: Rejection[]): LoadedFiles {
  const out: LoadedFiles = { sheets: new Map(), rejectedFiles: [], notes: [] };
  for (const key of Object.keys(FILES) as FileKey[]) {
    const spec = FILES[key];
    const found = files.filter((f) => basename(f.uri) === spec.name);
    if (found.length > 1) {
      throw new IngestError(`${spec.name} found more than once: ${found.map((f) => f.uri).join(', ')}`);
    }
    const file = found[0];
    if (!file) {
      if (spec.required) {
        throw new IngestError(`${spec.name} not found in the artifact: not the international results`);
      }
      out.notes.push(`${spec.name} is not in the artifact: ${spec.without}`);
      continue;
    }
    const text = decodeUtf8(file.bytes);
    if (!text.ok) {
      if (spec.required) throw new IngestError(`${file.uri}: ${text.reason}`);
      out.rejectedFiles.push(rejectFile(file, text.reason, rejections));
      out.notes.push(`${spec.name} is rejected (not UTF-8): ${spec.without}`);
      continue;
    }
    out.sheets.set(key, loadSheet(file, text.text, spec.columns, rejections, Row));
  }
  return out;
}
