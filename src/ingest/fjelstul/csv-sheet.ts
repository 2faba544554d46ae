import { CsvRow, RowError, type CsvSheet } from '../artifacts/csv-sheet.js';

export { eachRow, RowError } from '../artifacts/csv-sheet.js';

/** Values the database uses for "no value" in text columns. */
const NO_VALUE = new Set(['', 'not applicable', 'not available']);
const WHOLE = /^-?\d+$/;

/** One data row of a Fjelstul CSV file, read by column name. */
export class Row extends CsvRow {
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

export type Sheet = CsvSheet<Row>;
