import { fail, ok, type Parsed } from './parsed.js';

/** A kick-off as worldcup.json writes it: a wall-clock time and, when given, its offset from UTC. */
export interface Clock {
  hour: number;
  minute: number;
  /** Minutes east of UTC ("UTC-6" -> -360, "CEST" -> 120), null when the time names no zone. */
  offset: number | null;
}

export interface Kickoff {
  /** ISO UTC instant, or the date at 00:00:00Z when only the date is known. */
  startsAt: string;
  timeKnown: 0 | 1;
}

// Zone abbreviations seen in (or plausible for) the files' European fixtures, as offsets in minutes.
const ABBREVIATIONS: Record<string, number> = {
  UTC: 0,
  GMT: 0,
  WET: 0,
  WEST: 60,
  BST: 60,
  CET: 60,
  CEST: 120,
  EET: 120,
  EEST: 180,
};
const CLOCK = /^(\d{1,2}):(\d{2})(?:\s+(\S.*))?$/;
const UTC_OFFSET = /^(?:UTC|GMT)\s*([+\-−±])\s*(\d{1,2})(?::?(\d{2}))?$/;

function zoneOffset(zone: string): number | undefined {
  const named = ABBREVIATIONS[zone.toUpperCase()];
  if (named !== undefined) return named;
  const m = UTC_OFFSET.exec(zone);
  if (!m) return undefined;
  const size = Number(m[2]) * 60 + Number(m[3] ?? 0);
  if (m[1] === '±' && size !== 0) return undefined;
  return m[1] === '-' || m[1] === '−' ? -size : size;
}

/** Reads "19:00", "13:00 UTC-6", "20:45 CET", "20:45 CEST", "19:45 UTC±0", "9:30 UTC+5:30". */
export function parseClock(text: string): Parsed<Clock> {
  const m = CLOCK.exec(text.trim());
  if (!m) return fail(`time "${text}" is not HH:MM with an optional zone`);
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  if (hour > 23 || minute > 59) return fail(`time "${text}" is not a time of day`);
  if (m[3] === undefined) return ok({ hour, minute, offset: null });
  const offset = zoneOffset(m[3].trim());
  if (offset === undefined) return fail(`time "${text}" names a zone this adapter does not know`);
  return ok({ hour, minute, offset });
}

/** The UTC instant of a local date and clock, given the offset it was read in. */
export function utcInstant(date: string, clock: Clock, offset: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, clock.hour, clock.minute);
  return new Date(wall - offset * 60_000).toISOString().replace('.000Z', 'Z');
}

export function dateOnly(date: string): Kickoff {
  return { startsAt: `${date}T00:00:00Z`, timeKnown: 0 };
}

/**
 * The kick-off of a fixture on `date`. `time` is read first; `time_local` (the same instant in the
 * venue's zone, given beside a CET `time` in the play-off file) only when `time` is absent. A time with
 * no zone is read at `fallbackOffset`, the edition's own offset; when there is none the match keeps its
 * date only. No time at all (every file before 2010): the date only, `time_known` 0.
 */
export function kickoff(
  date: string,
  time: string | null,
  timeLocal: string | null,
  fallbackOffset: number | null,
): Parsed<Kickoff & { zoneless: boolean }> {
  const text = time ?? timeLocal;
  if (text === null) return ok({ ...dateOnly(date), zoneless: false });
  const clock = parseClock(text);
  if (!clock.ok) return clock;
  const offset = clock.value.offset ?? fallbackOffset;
  if (offset === null) return ok({ ...dateOnly(date), zoneless: true });
  return ok({ startsAt: utcInstant(date, clock.value, offset), timeKnown: 1, zoneless: false });
}
