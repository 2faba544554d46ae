import { memoizeText } from '../../text/memoize-text.js';

const formatters = new Map<string, Intl.DateTimeFormat>();
const dayOffsets = new Map<string, number | null>();
const monthOffsets = new Map<string, number | null>();
const DAY_MS = 86_400_000;

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset of `timeZone` from UTC at instant `utcMs`, in milliseconds. */
function zoneOffset(utcMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(utcMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - utcMs;
}

/**
 * The zone's offset throughout the month of a local date, from a day before it begins to a day after it
 * ends, when that holds (most months have no clock change); else null. Saves asking ICU for every date.
 */
function steadyMonthOffset(date: string, timeZone: string): number | null {
  const key = `${timeZone}|${date.slice(0, 7)}`;
  let offset = monthOffsets.get(key);
  if (offset === undefined) {
    const y = Number(date.slice(0, 4));
    const m = Number(date.slice(5, 7));
    const before = zoneOffset(Date.UTC(y, m - 1, 1) - DAY_MS, timeZone);
    offset = before === zoneOffset(Date.UTC(y, m, 1) + DAY_MS, timeZone) ? before : null;
    monthOffsets.set(key, offset);
  }
  return offset;
}

/**
 * The zone's offset throughout a local date, when no transition happens within a day of it (clock
 * changes are months apart, so equal offsets a day before and two days after mean none); else undefined.
 */
function steadyOffset(date: string, midnight: number, timeZone: string): number | undefined {
  const month = steadyMonthOffset(date, timeZone);
  if (month !== null) return month;
  const key = `${timeZone}|${date}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const before = zoneOffset(midnight - DAY_MS, timeZone);
    offset = before === zoneOffset(midnight + 2 * DAY_MS, timeZone) ? before : null;
    dayOffsets.set(key, offset);
  }
  return offset ?? undefined;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Converts a wall-clock date and time in `timeZone` to a UTC ISO string. A time that does not exist (the
 * hour skipped when clocks go forward) is read with the offset in force before the gap, so it lands after
 * the gap (Berlin 02:30 on a spring-forward night is 03:30 CEST, as RFC 5545 and Temporal's "compatible"
 * do); an ambiguous one (the repeated hour) resolves to its first occurrence.
 */
export function localToUtc(date: string, time: string, timeZone: string): string {
  return converted(`${timeZone}|${date}|${time}`);
}

// Memoized whole, so each distinct wall time asks ICU at most once.
const converted = memoizeText((cacheKey) => {
  const [timeZone, date, time] = cacheKey.split('|') as [string, string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let offset = steadyOffset(date, Date.UTC(y, m - 1, d), timeZone);
  if (offset === undefined) {
    // The offsets in force a day either side cover both sides of any transition near this wall time.
    const before = zoneOffset(wall - DAY_MS, timeZone);
    const after = zoneOffset(wall + DAY_MS, timeZone);
    const valid = [before, after].filter((o) => zoneOffset(wall - o, timeZone) === o);
    // Both valid: the repeated hour, take the earlier instant (larger offset). Neither: the skipped hour.
    offset = valid.length > 0 ? Math.max(...valid) : before;
  }
  return new Date(wall - offset).toISOString().replace('.000Z', 'Z');
});
