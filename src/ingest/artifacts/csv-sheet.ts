import type { ArtifactFile, ArtifactOutcome, Rejection } from '../canonical.js';
import { IngestError } from '../ingest-error.js';
import { parseCsvRows } from './csv.js';
import { auditFile } from './file-audit.js';

/** A problem with one row: the row is rejected with this message and the rest of the file is kept. */
export class RowError extends Error {}

/**
 * One data row of a CSV file, read by column name. Each source's adapter extends it with the readings
 * its files need, as sources spell "no value" and booleans differently.
 */
export class CsvRow {
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
}

/** A parsed CSV file with its audit outcome; rows with the wrong number of fields are already rejected. */
export interface CsvSheet<R extends CsvRow> {
  uri: string;
  rows: R[];
  outcome: ArtifactOutcome;
  reject(row: number, reason: string): void;
}

/** The adapter's row class. */
export type RowClass<R extends CsvRow> = new (
  columns: ReadonlyMap<string, number>,
  fields: readonly string[],
  row: number,
) => R;

/**
 * Parses one file's text (the header is its first record) and checks the header holds `columns`; an
 * empty file or a missing column fails the run (the file is not the table it is named after). Every data
 * row counts as seen. parseCsvRows rather than parseCsv: no per-record copy of 100,000 rows.
 */
export function loadSheet<R extends CsvRow>(
  file: ArtifactFile,
  text: string,
  columns: readonly string[],
  rejections: Rejection[],
  Row: RowClass<R>,
): CsvSheet<R> {
  const records = parseCsvRows(text, file.uri);
  const header = records[0]?.fields.map((h) => h.trim());
  if (!header) throw new IngestError(`${file.uri}: empty CSV file (no header row)`);
  const index = new Map(header.map((name, at) => [name, at] as const));
  const missing = columns.filter((c) => !index.has(c));
  if (missing.length > 0) throw new IngestError(`${file.uri}: missing column(s) ${missing.join(', ')}`);
  const audit = auditFile(file, records.length - 1, rejections);
  const reject = (row: number, reason: string) => audit.reject(`row ${row}`, reason);
  const rows: R[] = [];
  for (let row = 1; row < records.length; row += 1) {
    const { fields, line } = records[row]!;
    if (fields.length === header.length) rows.push(new Row(index, fields, row));
    else reject(row, `${fields.length} fields, the header has ${header.length} (line ${line})`);
  }
  return { uri: file.uri, rows, outcome: audit.outcome, reject };
}

/**
 * Runs `handle` on every row; a RowError rejects that row with its message. The rows are let go
 * afterwards: 100,000 rows of cells need not stay in memory while the run writes.
 */
export function eachRow<R extends CsvRow>(sheet: CsvSheet<R>, handle: (row: R) => void): void {
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
