import { auditFile, rejectFile } from '../artifacts/file-audit.js';
import { parseCsvRows } from '../artifacts/csv.js';
import { decodeUtf8 } from '../artifacts/text.js';
import type { ArtifactFile, ArtifactOutcome, Rejection } from '../canonical.js';
import { IngestError } from '../ingest-error.js';

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

/** A problem with one row: the row is rejected with this message and the rest of the file is kept. */
export class RowError extends Error {}

/** One data row, read by column name. */
export class Row {
  constructor(
    private readonly columns: ReadonlyMap<string, number>,
    private readonly fields: readonly string[],
    /** 1-based position among the file's data rows. */
    readonly row: number,
  ) {}

  /** The cell, trimmed; "" for an empty one. */
  text(column: string): string {
    return (this.fields[this.columns.get(column)!] ?? '').trim();
  }

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

/** A file read as a table: its rows (those with the header's number of fields) and its audit entry. */
export interface Sheet {
  uri: string;
  rows: Row[];
  outcome: ArtifactOutcome;
  reject(row: number, reason: string): void;
}

function basename(uri: string): string {
  return uri.slice(uri.lastIndexOf('/') + 1);
}

/**
 * Runs `handle` on every row; a RowError rejects that row with its message. The rows are let go
 * afterwards: 100,000 rows of cells need not stay in memory while the run writes.
 */
export function eachRow(sheet: Sheet, handle: (row: Row) => void): void {
  for (const row of sheet.rows) {
    try {
      handle(row);
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      sheet.reject(row.row, error.message);
    }
  }
  sheet.rows = [];
}

export interface LoadedFiles {
  sheets: Map<FileKey, Sheet>;
  /** Audit entries of files rejected as a whole (not UTF-8). */
  rejectedFiles: ArtifactOutcome[];
  notes: string[];
}

/** The file as rows (parseCsvRows: the header is the first; no per-record copy of 100,000 rows). */
function sheetOf(file: ArtifactFile, text: string, key: FileKey, rejections: Rejection[]): Sheet {
  const records = parseCsvRows(text, file.uri);
  const header = records[0]?.fields.map((h) => h.trim());
  if (!header) throw new IngestError(`${file.uri}: empty CSV file (no header row)`);
  const index = new Map(header.map((name, at) => [name, at] as const));
  const missing = FILES[key].columns.filter((c) => !index.has(c));
  if (missing.length > 0) throw new IngestError(`${file.uri}: missing column(s) ${missing.join(', ')}`);
  const audit = auditFile(file, records.length - 1, rejections);
  const reject = (row: number, reason: string) => audit.reject(`row ${row}`, reason);
  const rows: Row[] = [];
  for (let row = 1; row < records.length; row += 1) {
    const { fields, line } = records[row]!;
    if (fields.length === header.length) rows.push(new Row(index, fields, row));
    else reject(row, `${fields.length} fields, the header has ${header.length} (line ${line})`);
  }
  return { uri: file.uri, rows, outcome: audit.outcome, reject };
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
    out.sheets.set(key, sheetOf(file, text.text, key, rejections));
  }
  return out;
}
