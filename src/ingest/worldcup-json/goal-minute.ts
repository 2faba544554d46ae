import { fail, ok, type Parsed } from './parsed.js';

export type Period = 'first_half' | 'second_half' | 'extra_time_first_half' | 'extra_time_second_half';

export interface GoalTime {
  /** The minute of play, without stoppage time: 45 for "45+2". */
  minute: number;
  /** Minutes into stoppage time ("45+2" -> 2), null when the goal came in regular time. */
  stoppage: number | null;
  period: Period;
  /** 1-4, the period's place in a match, for sort keys. */
  periodIndex: number;
  /** As printed: "23'", "90+2'". */
  label: string;
}

const PERIODS: ReadonlyArray<[last: number, period: Period]> = [
  [45, 'first_half'],
  [90, 'second_half'],
  [105, 'extra_time_first_half'],
  [120, 'extra_time_second_half'],
];
const MINUTE_TEXT = /^(\d{1,3})(?:\s*\+\s*(\d{1,2}))?$/;
const MAX_STOPPAGE = 30;

/**
 * Reads a goal's minute in either of worldcup.json's forms: an integer with an optional integer
 * `offset` for stoppage time (`{"minute": 90, "offset": 3}`, 1930-2022 files) or a string with the
 * stoppage after a plus (`"90+3"`, 2026 files). The period follows from the minute (1-45 first half,
 * 46-90 second, 91-105 and 106-120 extra time); stoppage time belongs to the period it extends, so
 * "45+2" is in the first half and "105+1" in the first half of extra time. A plain minute past 120
 * is stoppage time at the end of extra time: 121 reads as 120+1.
 */
export function parseGoalMinute(minute: unknown, offset: unknown): Parsed<GoalTime> {
  let base: number;
  let stoppage: number | null = null;
  if (typeof minute === 'number') {
    base = minute;
  } else if (typeof minute === 'string' && MINUTE_TEXT.test(minute.trim())) {
    const m = MINUTE_TEXT.exec(minute.trim())!;
    base = Number(m[1]);
    if (m[2] !== undefined) stoppage = Number(m[2]);
  } else {
    return fail(`minute ${JSON.stringify(minute)} is neither a number nor "N" / "N+M"`);
  }
  if (offset !== undefined && offset !== null) {
    if (stoppage !== null) return fail(`minute "${String(minute)}" has stoppage time and an offset too`);
    if (!Number.isInteger(offset) || (offset as number) < 0) {
      return fail(`offset ${JSON.stringify(offset)} is not a non-negative integer`);
    }
    stoppage = offset as number;
  }
  if (!Number.isInteger(base) || base < 1) return fail(`minute ${base} is not a positive whole minute`);
  if (stoppage === 0) stoppage = null;
  // Play ends at 120: a later plain minute ("minute": 121, 2014) is stoppage time of extra time.
  if (base > 120 && stoppage === null) [base, stoppage] = [120, base - 120];
  if (base > 120) return fail(`minute ${base}+${stoppage} is past the end of extra time`);
  if (stoppage !== null && stoppage > MAX_STOPPAGE) {
    return fail(`stoppage time +${stoppage} is over ${MAX_STOPPAGE} minutes`);
  }
  const index = PERIODS.findIndex(([last]) => base <= last);
  const label = stoppage === null ? `${base}'` : `${base}+${stoppage}'`;
  return ok({ minute: base, stoppage, period: PERIODS[index]![1], periodIndex: index + 1, label });
}

/** Orders a match's events: period, minute, stoppage minute, then the source's own order. */
export function eventSortKey(time: GoalTime, seq: number): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${time.periodIndex}:${pad(time.minute, 3)}:${pad(time.stoppage ?? 0, 2)}:${pad(seq, 4)}`;
}
