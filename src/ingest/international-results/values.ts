import { RowError } from './files.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const WHOLE = /^\d+$/;

/** Dates already found real: a file names the same day many times. */
const REAL_DATES = new Set<string>();

/** A real calendar date `YYYY-MM-DD`; anything else rejects the row, naming the column. */
export function calendarDate(value: string, column: string): string {
  if (REAL_DATES.has(value)) return value;
  const parsed = new Date(`${value}T00:00:00Z`);
  if (!DATE.test(value) || Number.isNaN(parsed.getTime()) || !parsed.toISOString().startsWith(value)) {
    throw new RowError(`${column} "${value}" is not a date`);
  }
  REAL_DATES.add(value);
  return value;
}

/** A score: a whole number, not negative; `NA` or empty is no score (null). */
export function score(value: string, column: string): number | null {
  if (value === '' || value === 'NA') return null;
  if (!WHOLE.test(value)) throw new RowError(`${column} "${value}" is not a whole number`);
  return Number(value);
}

/** A name the source gives, or null for its "no value" (`NA`, empty). */
export function givenName(value: string): string | null {
  const name = value.trim().replace(/\s+/g, ' ');
  return name === '' || name === 'NA' ? null : name;
}
