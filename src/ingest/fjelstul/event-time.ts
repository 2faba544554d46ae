import { RowError, type Row } from './csv-sheet.js';

/** Periods in playing order; the index leads every event's sort key. */
const PERIODS = [
  'first_half',
  'second_half',
  'extra_time_first_half',
  'extra_time_second_half',
  'penalty_shootout',
] as const;
export type Period = (typeof PERIODS)[number];

/** `match_period` values, with their ", stoppage time" variants folded into the half they belong to. */
const SOURCE_PERIODS: Record<string, Period> = {
  'first half': 'first_half',
  'second half': 'second_half',
  'extra time, first half': 'extra_time_first_half',
  'extra time, second half': 'extra_time_second_half',
  'penalty shootout': 'penalty_shootout',
};

export interface EventTime {
  period: Period;
  minute: number;
  /** Minutes into stoppage time, null in regulation time. */
  stoppage: number | null;
  /** "23'", "90+2'". */
  label: string;
}

export function periodOf(raw: string): Period | undefined {
  return SOURCE_PERIODS[raw.replace(/, stoppage time$/, '')];
}

/**
 * An event's time from `match_period`, `minute_regulation` and `minute_stoppage` (0 means none). The
 * label is rebuilt from the numbers as `90+2'`: the source writes `90'+2'`, and a few labels carry notes
 * (`69' (penalty.)`).
 */
export function eventTime(row: Row): EventTime {
  const raw = row.text('match_period');
  const period = periodOf(raw);
  if (!period) throw new RowError(`match_period "${raw}" is not a known period`);
  const minute = row.count('minute_regulation');
  const extra = row.count('minute_stoppage');
  if (minute < 1 || minute > 120) throw new RowError(`minute_regulation ${minute} is out of range`);
  const stoppage = extra > 0 ? extra : null;
  return { period, minute, stoppage, label: stoppage ? `${minute}+${stoppage}'` : `${minute}'` };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Orders a match's events by period, minute, stoppage minute, then the source's order (`seq`). */
export function sortKey(period: Period, minute: number | null, stoppage: number | null, seq: number): string {
  return `${PERIODS.indexOf(period) + 1}:${pad(minute ?? 0, 3)}:${pad(stoppage ?? 0, 2)}:${pad(seq, 4)}`;
}
