import { auditFile } from '../artifacts/file-audit.js';
import type { ArtifactFile, ArtifactOutcome, Rejection } from '../canonical.js';
import { parseCsv } from '../artifacts/csv.js';
import { IngestError } from '../ingest-error.js';

/** A problem with one row: the row is rejected with this message and the rest of the file is kept. */
export class RowError extends Error {}

/** Values the database uses for "no value" in text columns. */
const NO_VALUE = new Set(['', 'not applicable', 'not available']);
const WHOLE = /^-?\d+$/;

/** One data row of a Fjelstul CSV file, read by column name. */
export class Row {
  constructor(
    private readonly columns: ReadonlyMap<string, number>,
    private readonly fields: readonly string[],
    /** 1-based position among the file's data rows. */
    readonly row: number,
  ) {}

  text(column: string): string {
    return (this.fields[this.columns.get(column)!] ?? '').trim();
  }

  /** A value that must be present. */
  required(column: string): string {
    const value = this.optional(column);
    if (value === null) throw new RowError(`${column} is empty`);
    return value;
  }

  /** The value, or null for an empty cell or "not applicable" / "not available". */
  optional(column: string): string | null {
    const value = this.text(column);
    return NO_VALUE.has(value) ? null : value;
  }

  int(column: string): number {
    const value = this.text(column);
    if (!WHOLE.test(value)) throw new RowError(`${column} is not a whole number ("${value}")`);
    return Number(value);
  }

  /** A count or minute: a whole number, not negative. */
  count(column: string): number {
    const value = this.int(column);
    if (value < 0) throw new RowError(`${column} is negative (${value})`);
    return value;
  }

  flag(column: string): boolean {
    const value = this.text(column);
    if (value === '1' || value === 'TRUE') return true;
    if (value === '0' || value === 'FALSE') return false;
    throw new RowError(`${column} is not 0 or 1 ("${value}")`);
  }
}

/** A parsed CSV file with its audit outcome; rows with the wrong number of fields are already rejected. */
export interface Sheet {
  uri: string;
  rows: Row[];
  outcome: ArtifactOutcome;
  reject(row: number, reason: string): void;
}

/**
 * Parses one file's text and checks its header holds `columns`; a missing column fails the run (the file
 * is not the table it is named after). Every data row counts as seen.
 */
export function loadSheet(
  file: ArtifactFile,
  text: string,
  columns: readonly string[],
  rejections: Rejection[],
): Sheet {
  const table = parseCsv(text, file.uri);
  const index = new Map(table.header.map((name, at) => [name, at] as const));
  const missing = columns.filter((c) => !index.has(c));
  if (missing.length > 0) throw new IngestError(`${file.uri}: missing column(s) ${missing.join(', ')}`);
  const audit = auditFile(file, table.records.length, rejections);
  const { outcome } = audit;
  const reject = (row: number, reason: string) => audit.reject(`row ${row}`, reason);
  const rows: Row[] = [];
  for (const record of table.records) {
    if (record.fields.length !== table.header.length) {
      reject(
        record.row,
        `${record.fields.length} fields, the header has ${table.header.length} (line ${record.line})`,
      );
    } else rows.push(new Row(index, record.fields, record.row));
  }
  return { uri: file.uri, rows, outcome, reject };
}

/** Runs `handle` on every row; a RowError rejects that row with its message. */
export function eachRow(sheet: Sheet, handle: (row: Row) => void): void {
  for (const row of sheet.rows) {
    try {
      handle(row);
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      sheet.reject(row.row, error.message);
    }
  }
}
